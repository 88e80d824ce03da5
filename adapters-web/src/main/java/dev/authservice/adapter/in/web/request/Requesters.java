package dev.authservice.adapter.in.web.request;

import dev.authservice.adapter.in.web.edge.client.ClientAddressResolver;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.domain.audit.Requester;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;

/** Who sent a request and from where, as the use cases hand it to the audit trail. */
@Singleton
public class Requesters {

    private final ClientAddressResolver clientAddress;

    Requesters(ClientAddressResolver clientAddress) {
        this.clientAddress = clientAddress;
    }

    /** Before login, or with a refresh-token cookie only: no user is known yet. */
    public Requester anonymous(HttpRequest<?> request) {
        return Requester.anonymous(clientAddress.of(request), userAgent(request));
    }

    /** The user of the access token. */
    public Requester caller(HttpRequest<?> request, Authentication authentication) {
        return Requester.user(Caller.of(authentication).userId(), clientAddress.of(request), userAgent(request));
    }

    private static String userAgent(HttpRequest<?> request) {
        return request.getHeaders().get(HttpHeaders.USER_AGENT);
    }
}
