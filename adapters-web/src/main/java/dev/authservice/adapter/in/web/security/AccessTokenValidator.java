package dev.authservice.adapter.in.web.security;

import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.in.AuthenticateUseCase.Query;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.user.Role;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.token.validator.TokenValidator;
import jakarta.inject.Singleton;
import java.util.Map;
import org.reactivestreams.Publisher;


/**
 * Plugs the application's {@link AuthenticateUseCase} into micronaut-security: the framework finds the Bearer token
 * and enforces {@code @Secured}; the use case decides whether the token is good. It runs on the event loop, which is
 * fine because the use case does no I/O. When it refuses a token, the reason is left on the request so that the
 * 401 can say which one.
 */
@Singleton
class AccessTokenValidator implements TokenValidator<HttpRequest<?>> {

    private final AuthenticateUseCase authenticate;

    AccessTokenValidator(AuthenticateUseCase authenticate) {
        this.authenticate = authenticate;
    }

    @Override
    public Publisher<Authentication> validateToken(String token, HttpRequest<?> request) {
        if (token.isBlank()) {
            return Publishers.empty(); // "Authorization: Bearer " carries no token at all: 401 UNAUTHORIZED
        }
        return authenticate.authenticate(new Query(token)).match(
                authenticated -> Publishers.just(toAuthentication(authenticated.token())),
                rejected -> {
                    if (request != null) {
                        request.setAttribute(TokenRejection.ATTRIBUTE, rejected.reason());
                    }
                    return Publishers.empty();
                });
    }

    private static Authentication toAuthentication(AccessToken token) {
        return Authentication.build(
                token.subject().value(),
                token.roles().stream().map(Role::name).toList(),
                Map.of(Caller.ATTRIBUTE, Caller.of(token)));
    }

    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE;
    }
}
