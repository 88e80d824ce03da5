package dev.authservice.adapter.in.web;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Headers every answer carries, errors included: no MIME sniffing, no referrer leaking paths to other sites, and no
 * caching of anything under {@code /api}, where every answer is about a user or carries a token.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
class SecurityHeadersFilter {

    @ResponseFilter
    void addSecurityHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        response.header("X-Content-Type-Options", "nosniff");
        response.header("Referrer-Policy", "no-referrer");
        if (request.getPath().startsWith("/api/") && !response.getHeaders().contains(HttpHeaders.CACHE_CONTROL)) {
            response.header(HttpHeaders.CACHE_CONTROL, "no-store");
        }
    }
}
