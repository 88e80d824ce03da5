package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;

/** Exchanges a refresh token for a new access token and the refresh token's successor. */
public interface RefreshAccessTokenUseCase {

    /**
     * @param refreshToken as the client presented it; null or malformed is simply rejected
     * @param requester    where it came from, for the audit trail
     */
    Result refresh(String refreshToken, Requester requester);

    sealed interface Result {
        record Refreshed(IssuedTokens tokens) implements Result {
        }

        /** Missing, unknown, expired, revoked or reused: the client has to log in again. */
        record Rejected() implements Result {
        }
    }
}
