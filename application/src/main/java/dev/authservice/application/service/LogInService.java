package dev.authservice.application.service;

import dev.authservice.application.port.in.IssuedTokens;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class LogInService implements LogInUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final LoginAttemptLog attempts;
    private final SessionStore sessions;
    private final TokenIssuer tokens;
    private final TokenPolicy policy;
    private final RandomSource random;
    private final AuditLog audit;
    private final Clock clock;

    /** Verified against when the user is unknown, so that an unknown user costs exactly one hash like a known one. */
    private final PasswordHash unknownUserHash;

    public LogInService(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                        SessionStore sessions, TokenIssuer tokens, TokenPolicy policy, RandomSource random,
                        AuditLog audit, Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.attempts = attempts;
        this.sessions = sessions;
        this.tokens = tokens;
        this.policy = policy;
        this.random = random;
        this.audit = audit;
        this.clock = clock;
        this.unknownUserHash = hasher.hash(new Password(random.refreshTokenValue()));
    }

    @Override
    public Result logIn(Command command) {
        Instant now = clock.instant();
        Requester requester = command.requester();
        LoginAttemptKey key = LoginAttemptKey.of(command.credentials().username(), requester.clientAddress());
        // Counted before the password is checked, so that a burst of parallel guesses cannot slip past the limit.
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, now, requester));
            return new Result.Throttled(wait.get());
        }

        Optional<UserAccount> user = users.findByUsername(command.credentials().username());
        boolean passwordMatches = hasher.verify(command.credentials().password(),
                user.map(UserAccount::passwordHash).orElse(unknownUserHash));
        if (!passwordMatches || user.isEmpty() || !user.get().enabled()) {
            SecurityEvent failed = SecurityEvent.of(SecurityEventType.LOGIN_FAILED, now, requester);
            // Why, for the audit trail only: the client gets the same answer for each.
            audit.record(user.isEmpty() ? failed.outcome(AuditOutcome.UNKNOWN_USER)
                    : failed.about(user.get().id())
                            .outcome(passwordMatches ? AuditOutcome.ACCOUNT_DISABLED : AuditOutcome.WRONG_PASSWORD));
            return new Result.InvalidCredentials();
        }
        attempts.clear(key);
        PasswordHash checked = user.get().passwordHash();
        if (hasher.needsRehash(checked)) {
            // The only moment the clear password is at hand: upgrade the hash to the current parameters.
            PasswordHash upgraded = hasher.hash(command.credentials().password());
            checked = users.replacePasswordHash(user.get().id(), checked, upgraded)
                    ? upgraded
                    // Lost to another login's upgrade of this password, or to a password change that ends ours below.
                    : StoredPasswordHash.stillMatching(users, hasher, user.get().id(), command.credentials().password())
                            .orElse(checked);
        }
        SessionId sessionId = new SessionId(random.uuid());
        IssuedTokens tokens = startSession(sessionId, user.get(), command, now);
        // A password change or a disable may have ended every session of the user between our check and our start,
        // before this one existed: look again, so that ours cannot outlive it.
        Optional<RevocationReason> outdated = outdatedBy(users.findById(user.get().id()), checked);
        if (outdated.isPresent()) {
            sessions.revoke(sessionId, outdated.get(), now);
            audit.record(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, now, requester)
                    .about(user.get().id()).inSession(sessionId).outcome(AuditOutcome.of(outdated.get()))
                    .endingSessions(outdated.get(), 1));
            return new Result.InvalidCredentials();
        }
        audit.record(SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, now, requester)
                .about(user.get().id()).inSession(sessionId));
        return new Result.LoggedIn(tokens);
    }

    private static Optional<RevocationReason> outdatedBy(Optional<UserAccount> current, PasswordHash checked) {
        if (current.isEmpty() || !current.get().enabled()) {
            return Optional.of(RevocationReason.USER_DISABLED);
        }
        return current.get().passwordHash().equals(checked)
                ? Optional.empty()
                : Optional.of(RevocationReason.PASSWORD_CHANGED);
    }

    private IssuedTokens startSession(SessionId sessionId, UserAccount user, Command command, Instant now) {
        TokenIssuer.NewRefreshToken refreshToken = tokens.newRefreshToken();
        Session session = Session.start(sessionId, user.id(), now, policy, command.requester().clientAddress(),
                command.requester().userAgent());
        RefreshToken.Active firstToken = RefreshToken.issue(refreshToken.hash(), session, now, policy);
        sessions.start(session, firstToken);
        return tokens.issue(user, sessionId, refreshToken, firstToken.expiresAt(), now);
    }
}
