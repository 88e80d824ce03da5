package dev.authservice.application.session.port.in;

import java.time.Duration;
import java.util.Objects;

/**
 * What a login or a refresh hands to the client: a signed access token for the body, and a new refresh token for the
 * cookie, together with how long the cookie should live.
 */
public record IssuedTokens(String accessToken, String refreshToken, Duration refreshTokenTtl) {

    public IssuedTokens {
        Objects.requireNonNull(accessToken, "accessToken");
        Objects.requireNonNull(refreshToken, "refreshToken");
        Objects.requireNonNull(refreshTokenTtl, "refreshTokenTtl");
    }

    @Override
    public String toString() {
        return "IssuedTokens[****]";
    }
}
