package dev.authservice.adapter.in.web.edge;

import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses a request that changes something when a browser sent it for a page of another site, with 403
 * {@code FORBIDDEN}, before micronaut-security, the metrics or a controller sees it. A page anywhere can make its
 * visitors' browsers post a form to {@code /api/login} (spending their failed-login budget, or spreading a password
 * guess over them), to {@code /api/refresh} or {@code /api/logout}; the refresh cookie's {@code SameSite=Strict} does
 * not keep out a page of a sibling host of the same site.
 * <p>
 * Browsers name where a request comes from in {@code Sec-Fetch-Site}: only {@code same-origin} and {@code none} (no
 * page: typed in) pass. Older browsers send only {@code Origin}, which must then name the host the request was sent
 * to. An origin in {@link AllowedOrigins} passes either way. A request with neither header comes from no browser page
 * (curl, another server) and passes: what this filter stops is a visitor's browser acting for a page.
 */
@ServerFilter("/api/**")
class CrossSiteRequestFilter implements Ordered {

    /** Before micronaut-security, the metrics and Micronaut's CORS filter, and so before every controller. */
    static final int ORDER = ServerFilterPhase.FIRST.after();

    private static final String SEC_FETCH_SITE = "Sec-Fetch-Site";
    private static final Set<String> OTHER_SITES = Set.of("same-site", "cross-site");
    private static final Set<HttpMethod> READS = EnumSet.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    private final AllowedOrigins allowedOrigins;

    CrossSiteRequestFilter(AllowedOrigins allowedOrigins) {
        this.allowedOrigins = allowedOrigins;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @RequestFilter
    @Nullable
    HttpResponse<?> refuseOtherSites(HttpRequest<?> request) {
        if (READS.contains(request.getMethod()) || !fromAnotherSite(request.getHeaders())) {
            return null;
        }
        return ErrorResponses.of(CommonErrorCode.FORBIDDEN, "A page of another site may not send this request");
    }

    private boolean fromAnotherSite(HttpHeaders headers) {
        String originHeader = headers.get(HttpHeaders.ORIGIN);
        Optional<Origin> origin = Optional.ofNullable(originHeader).flatMap(Origin::parse);
        if (origin.filter(allowedOrigins::contains).isPresent()) {
            return false;
        }
        String fetchSite = headers.get(SEC_FETCH_SITE);
        if (fetchSite != null) {
            return OTHER_SITES.contains(fetchSite);
        }
        String host = headers.get(HttpHeaders.HOST);
        return originHeader != null && origin.filter(named -> host != null && named.isHost(host)).isEmpty();
    }
}
