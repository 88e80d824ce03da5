package dev.authservice.adapter.in.web.edge;

import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;

/**
 * Refuses, with 415 {@code UNSUPPORTED_MEDIA_TYPE}, a body under {@code /api} that is not declared
 * {@code application/json}. Micronaut reads a body without a {@code Content-Type} as JSON, and any web page can send
 * one without a CORS preflight (only {@code application/json} needs one); a form can post its own types anywhere.
 * Requests without a body (refresh, logout, deletes) need no {@code Content-Type}.
 * <p>
 * JSON is UTF-8 (RFC 8259 §8.1), and {@link StrictJsonBodyReader} reads nothing else: a body declared in another
 * charset, or in one that does not exist, is refused with the same 415 rather than read as something it says it is
 * not. {@code charset=utf-8}, in any case, may be said.
 */
@ServerFilter("/api/**")
class JsonContentTypeFilter implements Ordered {

    private static final String UTF_8 = "utf-8";

    @Override
    public int getOrder() {
        // Just after the cross-site check: a page of another site is told 403, whatever it sent.
        return CrossSiteRequestFilter.ORDER + 1;
    }

    @RequestFilter
    @Nullable
    HttpResponse<?> refuseOtherBodies(HttpRequest<?> request) {
        boolean hasBody = request.getContentLength() > 0
                || request.getHeaders().contains(HttpHeaders.TRANSFER_ENCODING);
        boolean utf8Json = request.getContentType()
                .filter(type -> MediaType.APPLICATION_JSON.equalsIgnoreCase(type.getName()))
                .filter(JsonContentTypeFilter::utf8OrNoCharset)
                .isPresent();
        return hasBody && !utf8Json ? ErrorResponses.of(CommonErrorCode.UNSUPPORTED_MEDIA_TYPE) : null;
    }

    private static boolean utf8OrNoCharset(MediaType type) {
        return type.getParametersMap().entrySet().stream()
                .filter(parameter -> MediaType.CHARSET_PARAMETER.equalsIgnoreCase(parameter.getKey().toString()))
                .allMatch(charset -> UTF_8.equalsIgnoreCase(charset.getValue()));
    }
}
