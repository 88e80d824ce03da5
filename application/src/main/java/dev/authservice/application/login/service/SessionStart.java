package dev.authservice.application.login.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.Optional;

/**
 * The end of every login, with or without a second factor: a new session with its first refresh token, the access
 * token that goes with it, and the audit record.
 */
public final class SessionStart {

    private final UserStore users;
    private final SessionStore sessions;
    private final TokenIssuer tokens;
    private final TokenPolicy policy;
    private final RandomSource random;
    private final AuditLog audit;

    public SessionStart(UserStore users, SessionStore sessions, TokenIssuer tokens, TokenPolicy policy,
                        RandomSource random, AuditLog audit) {
        this.users = users;
        this.sessions = sessions;
        this.tokens = tokens;
        this.policy = policy;
        this.random = random;
        this.audit = audit;
    }

    /**
     * Starts a session for {@code user}, whose password was checked against {@code checked}, and who logged in by
     * {@code methods}, which every access token of the session names. Empty, the session
     * revoked at once, when a password change or a disable ended every session of the user between that check and
     * this start, before this one existed: ours cannot outlive it.
     */
    public Optional<IssuedTokens> start(UserAccount user, PasswordHash checked, AuthenticationMethods methods,
                                 Requester requester, Instant now) {
        SessionId sessionId = new SessionId(random.uuid());
        TokenIssuer.NewRefreshToken refreshToken = tokens.newRefreshToken();
        Session session = Session.start(sessionId, user.id(), now, policy, requester.clientAddress(),
                requester.userAgent(), methods);
        RefreshToken.Active firstToken = RefreshToken.issue(refreshToken.hash(), session, now, policy);
        sessions.start(session, firstToken);
        IssuedTokens issued = tokens.issue(user, session, refreshToken, firstToken.expiresAt(), now);
        Optional<RevocationReason> outdated = outdatedBy(users.findById(user.id()), checked);
        if (outdated.isPresent()) {
            sessions.revoke(sessionId, outdated.get(), now);
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, now, requester)
                    .about(user.id()).inSession(sessionId).outcome(AuditOutcome.of(outdated.get()))
                    .endingSessions(outdated.get(), 1));
            return Optional.empty();
        }
        audit.record(SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, now, requester)
                .about(user.id()).inSession(sessionId));
        return Optional.of(issued);
    }

    private static Optional<RevocationReason> outdatedBy(Optional<UserAccount> current, PasswordHash checked) {
        if (current.isEmpty() || !current.get().enabled()) {
            return Optional.of(RevocationReason.USER_DISABLED);
        }
        return current.get().passwordHash().equals(checked)
                ? Optional.empty()
                : Optional.of(RevocationReason.PASSWORD_CHANGED);
    }
}
