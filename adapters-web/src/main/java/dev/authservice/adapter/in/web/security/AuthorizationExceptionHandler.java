package dev.authservice.adapter.in.web.security;

import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.security.authentication.AuthorizationException;
import io.micronaut.security.authentication.DefaultAuthorizationExceptionHandler;
import jakarta.inject.Singleton;

/**
 * Answers a request that micronaut-security did not let through: 403 when the caller is known but lacks the role,
 * otherwise 401 naming the token problem, with the {@code WWW-Authenticate} challenge of RFC 6750.
 */
@Singleton
@Replaces(DefaultAuthorizationExceptionHandler.class)
class AuthorizationExceptionHandler implements ExceptionHandler<AuthorizationException, MutableHttpResponse<?>> {

    @Override
    public MutableHttpResponse<?> handle(HttpRequest request, AuthorizationException exception) {
        if (exception.isForbidden()) {
            return ErrorResponses.of(CommonErrorCode.FORBIDDEN);
        }
        ErrorCode code = TokenRefusal.errorFor(request);
        String challenge = code == CommonErrorCode.UNAUTHORIZED
                ? "Bearer"
                : "Bearer error=\"invalid_token\", error_description=\"" + code.defaultMessage() + "\"";
        return ErrorResponses.of(code).header(HttpHeaders.WWW_AUTHENTICATE, challenge);
    }
}
