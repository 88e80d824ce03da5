package dev.authservice.application.service;

import dev.authservice.application.port.in.IssuedTokens;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;

/** Mints the token pair that login and refresh both hand out. */
public final class TokenIssuer {

    private final AccessTokenCodec codec;
    private final RandomSource random;
    private final TokenPolicy policy;

    public TokenIssuer(AccessTokenCodec codec, RandomSource random, TokenPolicy policy) {
        this.codec = codec;
        this.random = random;
        this.policy = policy;
    }

    /** A fresh opaque refresh token; only its hash is ever stored. */
    public NewRefreshToken newRefreshToken() {
        String value = random.refreshTokenValue();
        return new NewRefreshToken(value, RefreshTokenHash.of(value));
    }

    /** The access token for {@code user} in {@code sessionId}, paired with the refresh token just created for it. */
    public IssuedTokens issue(UserAccount user, SessionId sessionId, NewRefreshToken refreshToken, Instant now) {
        AccessToken accessToken = AccessToken.issue(random.uuid().toString(), policy.issuer(), user, sessionId, now,
                policy.accessTokenTtl());
        return new IssuedTokens(codec.encode(accessToken), refreshToken.value(), policy.refreshTokenTtl());
    }

    public TokenPolicy policy() {
        return policy;
    }

    public record NewRefreshToken(String value, RefreshTokenHash hash) {
        @Override
        public String toString() {
            return "NewRefreshToken[" + hash + "]";
        }
    }
}
