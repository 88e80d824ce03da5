package dev.authservice.adapter.out.oidc.federation;

import java.util.concurrent.atomic.AtomicReference;
import no.nav.security.mock.oauth2.http.OAuth2HttpRequest;
import no.nav.security.mock.oauth2.http.OAuth2HttpResponse;
import okhttp3.Headers;

/**
 * A route of mock-oauth2-server's that answers its next token request with an ID token a test made, once: how a
 * test plays a provider that signs what it should not, or does not sign at all.
 */
final class CraftedTokenResponses implements no.nav.security.mock.oauth2.http.Route {

    private final AtomicReference<String> next = new AtomicReference<>();

    void answerNextWith(String idToken) {
        next.set(idToken);
    }

    @Override
    public boolean match(OAuth2HttpRequest request) {
        return "POST".equals(request.getMethod()) && request.getUrl().encodedPath().endsWith("/token")
                && next.get() != null;
    }

    @Override
    public OAuth2HttpResponse invoke(OAuth2HttpRequest request) {
        String body = "{\"access_token\":\"at\",\"token_type\":\"Bearer\",\"expires_in\":300,\"id_token\":\""
                + next.getAndSet(null) + "\"}";
        return new OAuth2HttpResponse(Headers.of("Content-Type", "application/json"), 200, body, null);
    }
}
