package dev.authservice.adapter.in.web.edge;

import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.netty.NettyHttpRequestBuilder;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.UriRouteInfo;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * Answers only requests sent to one of the configured {@link HostNames}, on every path, with 421
 * {@code MISDIRECTED_REQUEST} otherwise, before anything else runs. A page of any site can have its name resolve to
 * 127.0.0.1 once the page is loaded (DNS rebinding): the browser then sends the page's requests to a service on the
 * visitor's own machine, treats the answers as the page's own origin, and lets the page read them. Only the
 * {@code Host} header, which carries the page's name, tells those requests apart from the service's own.
 * <p>
 * With names configured, a request must name its host: HTTP/1.1 without exactly one {@code Host} is 400
 * {@code INVALID_INPUT} (RFC 9112 §3.2). HTTP/1.0 without one is answered: it names no other host, its target is the
 * server's own (RFC 9112 §3.3), and no browser sends it; old health checkers do. A target in absolute form names the
 * host in place of {@code Host} (RFC 9112 §3.2.2), and is checked instead. The management endpoints are left
 * alone: probes and scrapers call them by the pod's address, and their port is not the public one.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
class HostNameFilter implements Ordered {

    private final HostNames hostNames;

    HostNameFilter(HostNames hostNames) {
        this.hostNames = hostNames;
    }

    @Override
    public int getOrder() {
        // Before the cross-site check and everything after it; inside the filters that dress every answer.
        return CrossSiteRequestFilter.ORDER - 1;
    }

    @RequestFilter
    @Nullable
    HttpResponse<?> refuseOtherHosts(HttpRequest<?> request) {
        if (hostNames.isAny() || isManagementEndpoint(request)) {
            return null;
        }
        // As Netty read it: Micronaut's request drops the authority of an absolute target and calls HTTP/1.0 1.1.
        io.netty.handler.codec.http.HttpRequest asSent =
                NettyHttpRequestBuilder.asBuilder(request).toHttpRequestWithoutBody();
        List<String> hosts = request.getHeaders().getAll(HttpHeaders.HOST);
        if (hosts.isEmpty() && HttpVersion.HTTP_1_0.equals(asSent.protocolVersion())) {
            return null;
        }
        if (hosts.size() != 1) {
            return ErrorResponses.of(CommonErrorCode.INVALID_INPUT, "A request must name its host in one Host header");
        }
        return hostNames.admits(hostNamed(asSent.uri(), hosts.get(0))) ? null
                : ErrorResponses.of(CommonErrorCode.MISDIRECTED_REQUEST);
    }

    /** A target in absolute form ({@code GET http://host/path}, as sent to a proxy) names the host, not Host. */
    private static String hostNamed(String target, String hostHeader) {
        if (target.startsWith("/")) {
            return hostHeader;
        }
        try {
            String authority = new URI(target).getRawAuthority();
            return authority == null ? hostHeader : authority;
        } catch (URISyntaxException e) {
            return "";
        }
    }

    /** A route of the management port (metrics, liveness, readiness) has that port; the API's routes have none. */
    private static boolean isManagementEndpoint(HttpRequest<?> request) {
        return RouteAttributes.getRouteInfo(request)
                .filter(route -> route instanceof UriRouteInfo<?, ?> uriRoute && uriRoute.getPort() != null)
                .isPresent();
    }
}
