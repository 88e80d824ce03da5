package dev.authservice.application.session.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.UserId;
import java.time.Instant;

/**
 * What every change to how a user signs in asks first: that the caller's session proved who its user is recently
 * ({@link StepUpPolicy}). A refusal is kept in the audit trail: a stolen access token shows there, and nothing else
 * of the change is tried.
 */
public final class StepUp {

    private final StepUpPolicy policy;
    private final AuditLog audit;

    public StepUp(StepUpPolicy policy, AuditLog audit) {
        this.policy = policy;
        this.audit = audit;
    }

    /** Whether {@code userId}'s change at {@code now} must wait for a new proof, recorded when it must. */
    public boolean refuses(UserId userId, Instant authenticatedAt, Requester requester, Instant now) {
        if (policy.isRecent(authenticatedAt, now)) {
            return false;
        }
        audit.record(SecurityEvent.of(SecurityEventType.REAUTHENTICATION_REQUIRED, now, requester).about(userId));
        return true;
    }
}
