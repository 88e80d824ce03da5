package dev.authservice.application.port.in;

import dev.authservice.domain.token.AccessToken;

/** Decides whether a Bearer access token lets its holder in. Runs on every protected request: no I/O. */
public interface AuthenticateUseCase {

    Result authenticate(String accessToken);

    sealed interface Result {
        record Authenticated(AccessToken token) implements Result {
        }

        record Rejected(Reason reason) implements Result {
        }
    }

    enum Reason {
        /** Not a token of this service: malformed, wrong algorithm or signature, wrong issuer, from the future. */
        INVALID,
        EXPIRED,
        /** Its session was ended: logout, reuse detection, a password change, a disabled account, ... */
        REVOKED
    }
}
