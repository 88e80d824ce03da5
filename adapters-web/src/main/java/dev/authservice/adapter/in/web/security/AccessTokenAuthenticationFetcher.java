package dev.authservice.adapter.in.web.security;

import dev.authservice.application.session.port.in.AuthenticateUseCase.Query;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.user.Role;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import jakarta.inject.Singleton;
import java.util.Map;
import org.reactivestreams.Publisher;

/**
 * Plugs the application's {@link AuthenticateUseCase} into micronaut-security: this reads the token of
 * {@code Authorization: Bearer} (RFC 6750; the scheme's name in any case), the use case decides whether the token is
 * good, and the framework's {@link SecurityFilter} enforces {@code @Secured} with the answer. When the use case refuses
 * a token, the reason is left on the request so that the 401 can say which one.
 * <p>
 * It stands in for the framework's {@link TokenAuthenticationFetcher}, whose work around the check cost more than the
 * check (docs/benchmarks/history.md, "A lighter protected read"), and which publishes a {@code TokenValidatedEvent}
 * that nothing here listens to. The checks are the same: only our use case validates. It reads the header itself, so
 * the settings {@code micronaut.security.token.bearer.*} have no effect here. It runs on the event loop, which is fine
 * because the use case does no I/O.
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
class AccessTokenAuthenticationFetcher implements AuthenticationFetcher<HttpRequest<?>> {

    private static final String SCHEME = "Bearer ";

    private final AuthenticateUseCase authenticate;

    AccessTokenAuthenticationFetcher(AuthenticateUseCase authenticate) {
        this.authenticate = authenticate;
    }

    @Override
    public Publisher<Authentication> fetchAuthentication(HttpRequest<?> request) {
        String token = bearerToken(request.getHeaders().get(HttpHeaders.AUTHORIZATION));
        if (token.isBlank()) {
            return Publishers.empty(); // no Bearer token, another scheme, or "Bearer " with none: 401 UNAUTHORIZED
        }
        return authenticate.authenticate(new Query(token)).match(
                authenticated -> {
                    request.setAttribute(SecurityFilter.TOKEN, token); // as the stock fetcher does, for whoever reads it
                    return Publishers.just(toAuthentication(authenticated.token()));
                },
                refused -> {
                    request.setAttribute(TokenRefusal.ATTRIBUTE, refused.refusal());
                    return Publishers.empty();
                });
    }

    /** The token of a Bearer credential, or "" for no credential or one of another scheme. */
    static String bearerToken(String authorization) {
        boolean bearer = authorization != null && authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
        return bearer ? authorization.substring(SCHEME.length()) : "";
    }

    private static Authentication toAuthentication(AccessToken token) {
        return Authentication.build(
                token.subject().value(),
                token.roles().stream().map(Role::name).toList(),
                Map.of(Caller.ATTRIBUTE, Caller.of(token)));
    }

    @Override
    public int getOrder() {
        return TokenAuthenticationFetcher.ORDER;
    }
}
