package dev.authservice.application.recovery.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.user.UserAccount;
import java.util.Objects;
import java.util.Optional;

/**
 * The first step of redeeming a mailed token: the token a client presented and the enabled account it was issued
 * to. A token unknown, of another purpose, or of a missing or disabled account goes no further, its refusal audited,
 * so that every such answer is the same and only the audit trail keeps why.
 */
final class PresentedTokens {

    /** A token found and its owner, with the failure event now about that owner. */
    record Presented(MailedToken token, UserAccount owner, SecurityEvent failed) {
    }

    private final MailedTokenStore tokens;
    private final UserStore users;
    private final AuditLog audit;

    PresentedTokens(MailedTokenStore tokens, UserStore users, AuditLog audit) {
        this.tokens = Objects.requireNonNull(tokens);
        this.users = Objects.requireNonNull(users);
        this.audit = Objects.requireNonNull(audit);
    }

    /** The token {@code presented} for {@code purpose} and its enabled owner; empty with the refusal audited. */
    Optional<Presented> find(String presented, MailedToken.Purpose purpose, SecurityEvent failed) {
        Optional<MailedToken> token = MailedTokenHash.ofPresented(presented)
                .flatMap(hash -> tokens.find(hash, purpose));
        Optional<UserAccount> user = token.flatMap(found -> users.findById(found.userId()));
        if (token.isEmpty() || user.isEmpty()) {
            audit.record(failed.outcome(AuditOutcome.UNKNOWN_TOKEN));
            return Optional.empty();
        }
        SecurityEvent failedFor = failed.about(user.get().id());
        if (!user.get().enabled()) {
            audit.record(failedFor.outcome(AuditOutcome.ACCOUNT_DISABLED));
            return Optional.empty();
        }
        return Optional.of(new Presented(token.get(), user.get(), failedFor));
    }
}
