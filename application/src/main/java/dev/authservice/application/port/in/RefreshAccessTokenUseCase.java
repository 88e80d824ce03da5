package dev.authservice.application.port.in;

/** Exchanges a refresh token for a new access token and the refresh token's successor. */
public interface RefreshAccessTokenUseCase {

    /** {@code refreshToken} as the client presented it; null or malformed is simply rejected. */
    Result refresh(String refreshToken);

    sealed interface Result {
        record Refreshed(IssuedTokens tokens) implements Result {
        }

        /** Missing, unknown, expired, revoked or reused: the client has to log in again. */
        record Rejected() implements Result {
        }
    }
}
