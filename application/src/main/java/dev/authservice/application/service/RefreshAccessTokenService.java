package dev.authservice.application.service;

import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class RefreshAccessTokenService implements RefreshAccessTokenUseCase {

    /** Longer than anything {@code RandomSource} makes; anything longer is not worth hashing. */
    private static final int MAX_TOKEN_LENGTH = 256;

    private final RefreshTokenStore refreshTokens;
    private final UserStore users;
    private final TokenIssuer tokens;
    private final Clock clock;

    public RefreshAccessTokenService(RefreshTokenStore refreshTokens, UserStore users, TokenIssuer tokens,
                                     Clock clock) {
        this.refreshTokens = refreshTokens;
        this.users = users;
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public Result refresh(String presented) {
        if (presented == null || presented.isEmpty() || presented.length() > MAX_TOKEN_LENGTH) {
            return new Result.Rejected();
        }
        Optional<RefreshToken> found = refreshTokens.findByHash(RefreshTokenHash.of(presented));
        if (found.isEmpty()) {
            return new Result.Rejected();
        }
        RefreshToken token = found.get();
        Instant now = clock.instant();
        return switch (token.presentedAt(now)) {
            case ACCEPTED -> rotate((RefreshToken.Active) token, now);
            case REUSED -> revokeSession(token, now);
            case EXPIRED, REVOKED -> new Result.Rejected();
        };
    }

    private Result rotate(RefreshToken.Active token, Instant now) {
        Optional<UserAccount> user = users.findById(token.userId()).filter(UserAccount::enabled);
        if (user.isEmpty()) {
            return new Result.Rejected();
        }
        TokenIssuer.SuccessorRefreshToken successor = tokens.rotate(token, now);
        if (!refreshTokens.rotate(successor.rotation())) {
            // Someone rotated this token between our read and our write: it was presented twice, which is reuse.
            return revokeSession(token, now);
        }
        return new Result.Refreshed(tokens.issue(user.get(), token.sessionId(), successor.value(), now));
    }

    private Result revokeSession(RefreshToken token, Instant now) {
        refreshTokens.revokeSession(token.sessionId(), RevocationReason.REUSE_DETECTED, now);
        return new Result.Rejected();
    }
}
