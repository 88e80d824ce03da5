package dev.authservice.application.service;

import dev.authservice.application.port.in.IssuedTokens;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Instant;

/**
 * Mints what login and refresh both hand out: new refresh tokens (a random value for the client, only its hash for the
 * store) and the signed access token that goes with them, all with the lifetimes of the {@link TokenPolicy}.
 */
public final class TokenIssuer {

    private final AccessTokenCodec codec;
    private final RandomSource random;
    private final TokenPolicy policy;

    public TokenIssuer(AccessTokenCodec codec, RandomSource random, TokenPolicy policy) {
        this.codec = codec;
        this.random = random;
        this.policy = policy;
    }

    /** The first refresh token of a new session. */
    public FirstRefreshToken firstRefreshToken(SessionId sessionId, UserId userId, Instant now) {
        String value = random.refreshTokenValue();
        return new FirstRefreshToken(value,
                RefreshToken.issue(RefreshTokenHash.of(value), sessionId, userId, now, policy.refreshTokenTtl()));
    }

    /**
     * A successor refresh token, made before the token it follows is read: a store that rotates in one step
     * ({@code RefreshTokenStore.rotateIfActive}) needs it up front.
     */
    public UnboundSuccessor successor(Instant now) {
        String value = random.refreshTokenValue();
        return new UnboundSuccessor(value, RefreshTokenHash.of(value), now.plus(policy.refreshTokenTtl()));
    }

    /** Uses {@code token} up, with {@code successor} taking its place in the same session. */
    public SuccessorRefreshToken rotate(RefreshToken.Active token, UnboundSuccessor successor, Instant now) {
        return new SuccessorRefreshToken(successor.value(),
                token.rotate(successor.hash(), now, policy.refreshTokenTtl()));
    }

    /** The access token for {@code user} in {@code sessionId}, paired with the refresh token just made for it. */
    public IssuedTokens issue(UserAccount user, SessionId sessionId, String refreshTokenValue, Instant now) {
        AccessToken accessToken = AccessToken.issue(random.uuid().toString(), policy.issuer(), user, sessionId, now,
                policy.accessTokenTtl());
        return new IssuedTokens(codec.encode(accessToken), refreshTokenValue, policy.refreshTokenTtl());
    }

    /** @param value the token for the client; the store only ever sees {@code token}, which holds its hash */
    public record FirstRefreshToken(String value, RefreshToken.Active token) {
        @Override
        public String toString() {
            return "FirstRefreshToken[" + token + "]";
        }
    }

    /** @param value the successor's token for the client; {@code rotation} holds only hashes */
    public record SuccessorRefreshToken(String value, RefreshToken.Rotation rotation) {
        @Override
        public String toString() {
            return "SuccessorRefreshToken[" + rotation + "]";
        }
    }

    /** @param value the successor's token for the client; the store sees only {@code hash} */
    public record UnboundSuccessor(String value, RefreshTokenHash hash, Instant expiresAt) {
        @Override
        public String toString() {
            return "UnboundSuccessor[" + hash + ", expiresAt=" + expiresAt + "]";
        }
    }
}
