package dev.authservice.application.service;

import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

public final class RefreshAccessTokenService implements RefreshAccessTokenUseCase {

    /** Longer than anything {@code RandomSource} makes; anything longer is not worth hashing. */
    private static final int MAX_TOKEN_LENGTH = 256;

    /** Why a refresh was rejected, for the audit trail; the client gets the same answer for each. */
    static final String UNKNOWN_TOKEN = "UNKNOWN_TOKEN";
    static final String ACCOUNT_DISABLED = "ACCOUNT_DISABLED";

    private final RefreshTokenStore refreshTokens;
    private final UserStore users;
    private final TokenIssuer tokens;
    private final AuditLog audit;
    private final Clock clock;

    public RefreshAccessTokenService(RefreshTokenStore refreshTokens, UserStore users, TokenIssuer tokens,
                                     AuditLog audit, Clock clock) {
        this.refreshTokens = refreshTokens;
        this.users = users;
        this.tokens = tokens;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result refresh(String presented, Requester requester) {
        Instant now = clock.instant();
        if (presented == null || presented.isEmpty() || presented.length() > MAX_TOKEN_LENGTH) {
            return rejected(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, now, requester), UNKNOWN_TOKEN);
        }
        RefreshTokenHash hash = RefreshTokenHash.of(presented);
        // Nearly every refresh presents an active token of an enabled user: where the store can, it rotates that in
        // one step (one round trip to the database); anything else is read back and decided below.
        TokenIssuer.UnboundSuccessor successor = tokens.successor(now);
        Optional<RefreshTokenStore.RotatedAtOnce> rotated =
                refreshTokens.rotateIfActive(hash, successor.hash(), now, successor.expiresAt());
        if (rotated.isPresent()) {
            UserAccount owner = rotated.get().owner();
            SessionId sessionId = rotated.get().sessionId();
            audit.record(event(SecurityEventType.TOKEN_REFRESHED, owner.id(), sessionId, now, requester));
            return new Result.Refreshed(tokens.issue(owner, sessionId, successor.value(), now));
        }
        Optional<RefreshToken> found = refreshTokens.findByHash(hash);
        if (found.isEmpty()) {
            return rejected(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, now, requester), UNKNOWN_TOKEN);
        }
        RefreshToken token = found.get();
        RefreshToken.Presentation presentation = token.presentedAt(now);
        return switch (presentation) {
            case ACCEPTED -> rotate((RefreshToken.Active) token, successor, now, requester);
            case REUSED -> revokeSession(token, now, requester);
            case EXPIRED, REVOKED -> rejected(event(SecurityEventType.REFRESH_REJECTED, token, now, requester),
                    presentation.name());
        };
    }

    private Result rotate(RefreshToken.Active token, TokenIssuer.UnboundSuccessor unbound, Instant now,
                          Requester requester) {
        Optional<UserAccount> user = users.findById(token.userId()).filter(UserAccount::enabled);
        if (user.isEmpty()) {
            return rejected(event(SecurityEventType.REFRESH_REJECTED, token, now, requester), ACCOUNT_DISABLED);
        }
        TokenIssuer.SuccessorRefreshToken successor = tokens.rotate(token, unbound, now);
        if (!refreshTokens.rotate(successor.rotation())) {
            return lostTheRace(token, now, requester);
        }
        audit.record(event(SecurityEventType.TOKEN_REFRESHED, token, now, requester));
        return new Result.Refreshed(tokens.issue(user.get(), token.sessionId(), successor.value(), now));
    }

    /**
     * The token changed between our read and our write, so it is judged again as it is now. Revoked (a logout, say):
     * this presentation came too late, as it would have on the one-step path. Rotated: it was presented twice, which
     * is reuse. Still active after a lost conditional update would break the store's promise: taken for reuse too.
     */
    private Result lostTheRace(RefreshToken.Active token, Instant now, Requester requester) {
        Optional<RefreshToken> current = refreshTokens.findByHash(token.hash());
        if (current.isEmpty()) {
            return rejected(event(SecurityEventType.REFRESH_REJECTED, token, now, requester), UNKNOWN_TOKEN);
        }
        RefreshToken.Presentation presentation = current.get().presentedAt(now);
        return switch (presentation) {
            case ACCEPTED, REUSED -> revokeSession(token, now, requester);
            case EXPIRED, REVOKED -> rejected(event(SecurityEventType.REFRESH_REJECTED, token, now, requester),
                    presentation.name());
        };
    }

    private Result revokeSession(RefreshToken token, Instant now, Requester requester) {
        boolean ended = refreshTokens.revokeSession(token.sessionId(), RevocationReason.REUSE_DETECTED, now);
        audit.record(event(SecurityEventType.REFRESH_TOKEN_REUSED, token, now, requester)
                .endingSessions(RevocationReason.REUSE_DETECTED, ended ? 1 : 0));
        return new Result.Rejected();
    }

    private Result rejected(SecurityEvent event, String why) {
        audit.record(event.detail(why));
        return new Result.Rejected();
    }

    private static SecurityEvent event(SecurityEventType type, RefreshToken token, Instant now, Requester requester) {
        return event(type, token.userId(), token.sessionId(), now, requester);
    }

    private static SecurityEvent event(SecurityEventType type, UserId userId, SessionId sessionId, Instant now,
                                       Requester requester) {
        return SecurityEvent.of(type, now, requester).about(userId).inSession(sessionId);
    }
}
