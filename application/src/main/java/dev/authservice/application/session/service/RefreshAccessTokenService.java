package dev.authservice.application.session.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.service.TokenIssuer.NewRefreshToken;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.Refusal;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.TokenPolicy;
import java.time.Clock;
import java.time.Instant;

/**
 * A refresh, in a straight line: the presented token and its would-be successor make a {@link RefreshAttempt}; in one
 * transaction the store finds what is on record for it, its rows locked, the domain decides what presenting the token
 * means, and the store writes that decision; this service reports the decision and answers it.
 */
public final class RefreshAccessTokenService implements RefreshAccessTokenUseCase {

    private final SessionStore sessions;
    private final Transactions transactions;
    private final TokenIssuer tokens;
    private final TokenPolicy policy;
    private final AuditLog audit;
    private final Clock clock;

    public RefreshAccessTokenService(SessionStore sessions, Transactions transactions, TokenIssuer tokens,
                                     TokenPolicy policy, AuditLog audit, Clock clock) {
        this.sessions = sessions;
        this.transactions = transactions;
        this.tokens = tokens;
        this.policy = policy;
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public Result refreshAccessToken(Command command) {
        Instant now = clock.instant();
        if (command.presentedToken().isEmpty()) {
            audit.record(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, now, command.requester())
                    .outcome(outcomeOf(Refusal.UNKNOWN)));
            return new Result.Refused();
        }
        String presented = command.presentedToken().get();
        NewRefreshToken successor = tokens.successorOf(presented);
        RefreshAttempt attempt = RefreshAttempt.of(RefreshTokenHash.of(presented), successor.hash(), now, policy);
        // Found, decided and written in one transaction, which holds the token's and the session's rows from the find
        // to the write, and commits the audit record with the decision, once. The access token is signed after the
        // commit, so that the rows are locked no longer than the decision takes.
        Decision decision = transactions.inTransaction(() -> {
            Decision decided = attempt.decide(sessions.lockRecordOf(attempt));
            sessions.carryOut(decided);
            audit.record(eventOf(decided, command.requester(), now));
            return decided;
        });
        return decision.match(
                rotate -> new Result.Refreshed(tokens.issue(rotate.owner(), rotate.session(), successor,
                        rotate.rotation().successor().expiresAt(), now)),
                repeat -> new Result.Refreshed(tokens.issue(repeat.owner(), repeat.session(), successor,
                        repeat.successor().expiresAt(), now)),
                reuse -> new Result.Refused(),
                refuse -> new Result.Refused());
    }

    private static SecurityEvent eventOf(Decision decision, Requester requester, Instant now) {
        return decision.match(
                rotate -> SecurityEvent.of(SecurityEventType.TOKEN_REFRESHED, now, requester)
                        .about(rotate.owner().id()).inSession(rotate.rotation().successor().sessionId()),
                repeat -> SecurityEvent.of(SecurityEventType.TOKEN_REFRESHED, now, requester)
                        .about(repeat.owner().id()).inSession(repeat.successor().sessionId())
                        .outcome(AuditOutcome.REPEATED_WITHIN_GRACE),
                reuse -> SecurityEvent.of(SecurityEventType.REFRESH_TOKEN_REUSED, now, requester)
                        .about(reuse.reused().userId()).inSession(reuse.reused().sessionId())
                        .endingSessions(RevocationReason.REUSE_DETECTED, 1),
                refuse -> {
                    SecurityEvent event = SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, now, requester)
                            .outcome(outcomeOf(refuse.why()));
                    return refuse.token().map(token -> event.about(token.userId()).inSession(token.sessionId()))
                            .orElse(event);
                });
    }

    private static AuditOutcome outcomeOf(Refusal why) {
        return switch (why) {
            case UNKNOWN -> AuditOutcome.UNKNOWN_TOKEN;
            case SESSION_REVOKED -> AuditOutcome.REVOKED;
            case SESSION_ENDED -> AuditOutcome.SESSION_ENDED;
            case EXPIRED -> AuditOutcome.EXPIRED;
            case OWNER_DISABLED -> AuditOutcome.ACCOUNT_DISABLED;
        };
    }
}
