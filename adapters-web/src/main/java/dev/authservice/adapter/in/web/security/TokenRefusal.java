package dev.authservice.adapter.in.web.security;

import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.application.session.port.in.AuthenticateUseCase.Refusal;
import io.micronaut.http.HttpRequest;

/** Why the Bearer token of a request was refused, kept on the request between validation and the 401. */
final class TokenRefusal {

    static final String ATTRIBUTE = "dev.authservice.token-rejection";

    private TokenRefusal() {
    }

    /** The error for a request that was not let in: which token problem, or no usable token at all. */
    static ErrorCode errorFor(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, Refusal.class)
                .map(reason -> switch (reason) {
                    case INVALID -> CommonErrorCode.INVALID_TOKEN;
                    case EXPIRED -> CommonErrorCode.TOKEN_EXPIRED;
                    case REVOKED -> CommonErrorCode.TOKEN_REVOKED;
                })
                .orElse(CommonErrorCode.UNAUTHORIZED);
    }
}
