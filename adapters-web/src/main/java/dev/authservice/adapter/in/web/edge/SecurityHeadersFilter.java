package dev.authservice.adapter.in.web.edge;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import java.util.Map;

/**
 * Headers every answer carries, errors included: no MIME sniffing, no referrer leaking paths to other sites, and no
 * caching of anything under {@code /api}, where every answer is about a user or carries a token.
 * <p>
 * Every answer also gets a strict Content-Security-Policy: the browser client (served from {@code web-client/} at
 * {@code /}) loads only its own files and runs no inline script or style, so an injected script has nowhere to come
 * from and nowhere to send a token. Images may also be {@code data:} URLs, which is how the QR code of a TOTP
 * enrolment comes (an SVG drawn by the service, in the same answer as its secret): a {@code data:} image is inert,
 * reaches no host and runs no script, in an {@code <img>} not even its own. Swagger UI ({@code /swagger-ui/}) runs only its own scripts too, under a policy
 * that differs only where Swagger UI needs it to.
 * <p>
 * It runs first, so it sees the final answer: a filter without an order runs inside micronaut-security's, and would
 * miss the 401 and 403 answers that filter gives.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
class SecurityHeadersFilter implements Ordered {

    /** The headers of every answer but the Content-Security-Policy, which depends on the path. */
    static final Map<String, String> EVERY_ANSWER = Map.of(
            "X-Content-Type-Options", "nosniff",
            "Referrer-Policy", "no-referrer");

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    /**
     * The same but for styles: Swagger UI's bundle adds a {@code <style>} element (and its stylesheet draws icons from
     * {@code data:} URLs, as the client's QR code is one); neither runs script or reaches another host.
     */
    static final String SWAGGER_UI_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }

    @ResponseFilter
    void addSecurityHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        String path = request.getPath();
        EVERY_ANSWER.forEach(response::header);
        if (path.startsWith("/api/") && !response.getHeaders().contains(HttpHeaders.CACHE_CONTROL)) {
            response.header(HttpHeaders.CACHE_CONTROL, "no-store");
        }
        response.header("Content-Security-Policy",
                path.startsWith("/swagger-ui") ? SWAGGER_UI_POLICY : CONTENT_SECURITY_POLICY);
    }
}
