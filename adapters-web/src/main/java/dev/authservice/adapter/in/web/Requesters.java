package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.domain.audit.Requester;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;

/** Who sent a request and from where, as the use cases hand it to the audit trail. */
final class Requesters {

    private Requesters() {
    }

    /** Before login, or with a refresh-token cookie only: no user is known yet. */
    static Requester anonymous(HttpRequest<?> request) {
        return Requester.anonymous(ClientAddress.of(request), userAgent(request));
    }

    /** The user of the access token. */
    static Requester caller(HttpRequest<?> request, Authentication authentication) {
        return Requester.user(Caller.of(authentication).userId(), ClientAddress.of(request), userAgent(request));
    }

    private static String userAgent(HttpRequest<?> request) {
        return request.getHeaders().get(HttpHeaders.USER_AGENT);
    }
}
