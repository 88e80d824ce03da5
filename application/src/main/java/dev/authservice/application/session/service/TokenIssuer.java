package dev.authservice.application.session.service;

import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.port.out.RefreshTokenDerivation;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;

/**
 * Mints what login and refresh both hand out: a new refresh token (a random value for the client, only its hash for
 * the store) and the signed access token that goes with it.
 */
public final class TokenIssuer {

    private final AccessTokenCodec codec;
    private final RandomSource random;
    private final RefreshTokenDerivation derivation;
    private final TokenPolicy policy;

    public TokenIssuer(AccessTokenCodec codec, RandomSource random, RefreshTokenDerivation derivation,
                       TokenPolicy policy) {
        this.codec = codec;
        this.random = random;
        this.derivation = derivation;
        this.policy = policy;
    }

    public NewRefreshToken newRefreshToken() {
        return NewRefreshToken.of(random.refreshTokenValue());
    }

    /**
     * The token that replaces {@code presentedToken} if it is rotated: random under strict rotation; under a reuse
     * grace made from it, so that a repeat of the rotation names the successor already stored.
     */
    public NewRefreshToken successorOf(String presentedToken) {
        return policy.reuseGrace().isZero() ? newRefreshToken()
                : NewRefreshToken.of(derivation.successorOf(presentedToken));
    }

    /**
     * The access token for {@code user} in {@code session}, paired with the refresh token just stored for it, which
     * the client keeps until it expires.
     */
    public IssuedTokens issue(UserAccount user, Session session, NewRefreshToken refreshToken,
                              Instant refreshTokenExpiresAt, Instant now) {
        return new IssuedTokens(accessToken(user, session, now), refreshToken.value(),
                Duration.between(now, refreshTokenExpiresAt));
    }

    /** A signed access token for {@code user} in {@code session}, saying how and when the session last proved it. */
    public String accessToken(UserAccount user, Session session, Instant now) {
        return codec.encode(AccessToken.issue(random.uuid().toString(), user, session, now, policy));
    }

    /** @param value the token for the client; the store only ever sees {@code hash} */
    public record NewRefreshToken(String value, RefreshTokenHash hash) {

        static NewRefreshToken of(String value) {
            return new NewRefreshToken(value, RefreshTokenHash.of(value));
        }
        @Override
        public String toString() {
            return "NewRefreshToken[" + hash + "]";
        }
    }
}
