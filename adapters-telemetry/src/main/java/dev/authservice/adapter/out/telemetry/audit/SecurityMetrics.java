package dev.authservice.adapter.out.telemetry.audit;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts the security events by outcome: logins, refreshes, logouts, sessions ended by reason, and every change to
 * how a user signs in (passwords, second factors, recovery codes, passkeys) with the proofs it asked for, and the
 * verification of addresses. Every counter exists
 * from construction at zero (bootstrap builds this at start-up), so that a dashboard's rate shows the first event;
 * only a second-factor refusal's counter, one per reason, appears with its first event.
 */
public final class SecurityMetrics implements AuditLog {

    static final String LOGINS = "auth.logins";
    static final String REFRESHES = "auth.refreshes";
    static final String LOGOUTS = "auth.logouts";
    static final String SESSIONS_REVOKED = "auth.sessions.revoked";
    static final String AUDIT_FAILURES = "auth.audit.failures";
    static final String SECOND_FACTOR = "auth.second-factor";
    static final String PASSKEY_LOGINS = "auth.passkey.logins";
    static final String PASSKEYS = "auth.passkeys";
    static final String PASSWORDS = "auth.passwords";
    static final String RECOVERY_CODES_RENEWED = "auth.recovery-codes.renewed";
    static final String REAUTHENTICATIONS = "auth.reauthentications";
    static final String EMAIL_VERIFICATIONS = "auth.email-verifications";
    static final String SIGN_UPS = "auth.sign-ups";
    static final String EXTERNAL_SIGN_INS = "auth.external-sign-ins";
    static final String IDENTITY_LINKS = "auth.identity-links";
    private static final String NONE = "none";
    private static final Set<SecurityEventType> SECOND_FACTOR_EVENTS = EnumSet.of(
            SecurityEventType.SECOND_FACTOR_ENROLLED, SecurityEventType.SECOND_FACTOR_CONFIRMED,
            SecurityEventType.SECOND_FACTOR_REQUIRED, SecurityEventType.SECOND_FACTOR_PASSED,
            SecurityEventType.SECOND_FACTOR_FAILED, SecurityEventType.SECOND_FACTOR_REMOVED);

    private final Map<SecurityEventType, Counter> byType = new EnumMap<>(SecurityEventType.class);
    private final Map<RevocationReason, Counter> revokedBecause = new EnumMap<>(RevocationReason.class);
    /** By event and outcome: which method passed (a recovery code used up), why one failed, who removed one. */
    private final Map<String, Counter> secondFactor = new ConcurrentHashMap<>();
    private final MeterRegistry registry;
    private final Counter auditFailures;
    private final Counter verificationMailThrottled;
    private final Counter signedUpThroughProvider;

    public SecurityMetrics(MeterRegistry registry) {
        byType.put(SecurityEventType.LOGIN_SUCCEEDED, login(registry, "succeeded"));
        byType.put(SecurityEventType.LOGIN_FAILED, login(registry, "invalid_credentials"));
        byType.put(SecurityEventType.LOGIN_THROTTLED, login(registry, "throttled"));
        byType.put(SecurityEventType.TOKEN_REFRESHED, refresh(registry, "rotated"));
        byType.put(SecurityEventType.REFRESH_REJECTED, refresh(registry, "rejected"));
        byType.put(SecurityEventType.REFRESH_TOKEN_REUSED, refresh(registry, "reuse_detected"));
        byType.put(SecurityEventType.LOGGED_OUT, Counter.builder(LOGOUTS)
                .description("Logouts: POST /api/logout that ended a session")
                .register(registry));
        this.registry = registry;
        for (SecurityEventType type : SECOND_FACTOR_EVENTS) {
            if (type != SecurityEventType.SECOND_FACTOR_PASSED && type != SecurityEventType.SECOND_FACTOR_FAILED) {
                secondFactor(type, Optional.empty());
            }
        }
        for (AuditOutcome method : List.of(AuditOutcome.TOTP_CODE, AuditOutcome.RECOVERY_CODE, AuditOutcome.PASSKEY)) {
            secondFactor(SecurityEventType.SECOND_FACTOR_PASSED, Optional.of(method));
        }
        secondFactor(SecurityEventType.SECOND_FACTOR_REMOVED, Optional.of(AuditOutcome.ADMINISTRATOR));
        for (SecurityEventType type : List.of(SecurityEventType.PASSKEY_REGISTERED,
                SecurityEventType.PASSKEY_REGISTRATION_FAILED, SecurityEventType.PASSKEY_DELETED)) {
            byType.put(type, Counter.builder(PASSKEYS)
                    .description("Passkeys registered, refused at registration, and deleted")
                    .tag("event", lowerCase(type.name().substring("PASSKEY_".length())))
                    .register(registry));
        }
        byType.put(SecurityEventType.PASSWORD_CHANGED, password(registry, "changed"));
        byType.put(SecurityEventType.PASSWORD_CHANGE_FAILED, password(registry, "change_failed"));
        byType.put(SecurityEventType.PASSWORD_RESET, password(registry, "reset"));
        byType.put(SecurityEventType.PASSWORD_RESET_FAILED, password(registry, "reset_failed"));
        byType.put(SecurityEventType.EMAIL_ADDRESS_VERIFIED, emailVerification(registry, "verified"));
        byType.put(SecurityEventType.EMAIL_VERIFICATION_FAILED, emailVerification(registry, "failed"));
        byType.put(SecurityEventType.EMAIL_VERIFICATION_MAILED, emailVerification(registry, "mailed"));
        verificationMailThrottled = emailVerification(registry, "mail_throttled");
        byType.put(SecurityEventType.USER_SIGNED_UP, signUp(registry, "signed_up"));
        signedUpThroughProvider = signUp(registry, "through_provider");
        byType.put(SecurityEventType.SIGN_UP_REFUSED, signUp(registry, "refused"));
        byType.put(SecurityEventType.RECOVERY_CODES_RENEWED, Counter.builder(RECOVERY_CODES_RENEWED)
                .description("Recovery codes made anew by their user, the old ones void")
                .register(registry));
        byType.put(SecurityEventType.REAUTHENTICATED, reauthentication(registry, "succeeded"));
        byType.put(SecurityEventType.REAUTHENTICATION_FAILED, reauthentication(registry, "failed"));
        byType.put(SecurityEventType.REAUTHENTICATION_REQUIRED, reauthentication(registry, "required"));
        byType.put(SecurityEventType.PASSKEY_LOGIN_SUCCEEDED, passkeyLogin(registry, "succeeded"));
        byType.put(SecurityEventType.PASSKEY_LOGIN_FAILED, passkeyLogin(registry, "failed"));
        byType.put(SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, Counter.builder(EXTERNAL_SIGN_INS)
                .description("Sign-ins with an identity provider, by outcome").tag("outcome", "succeeded")
                .register(registry));
        byType.put(SecurityEventType.EXTERNAL_SIGN_IN_FAILED, Counter.builder(EXTERNAL_SIGN_INS)
                .description("Sign-ins with an identity provider, by outcome").tag("outcome", "failed")
                .register(registry));
        for (SecurityEventType type : List.of(SecurityEventType.IDENTITY_LINKED, SecurityEventType.IDENTITY_LINK_FAILED,
                SecurityEventType.IDENTITY_UNLINKED)) {
            byType.put(type, Counter.builder(IDENTITY_LINKS)
                    .description("Identities at providers linked, refused a link, or unlinked")
                    .tag("event", lowerCase(type.name().substring("IDENTITY_".length())))
                    .register(registry));
        }
        for (RevocationReason reason : RevocationReason.values()) {
            revokedBecause.put(reason, Counter.builder(SESSIONS_REVOKED)
                    .description("Sessions ended before their refresh tokens expired, by reason")
                    .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                    .register(registry));
        }
        auditFailures = Counter.builder(AUDIT_FAILURES)
                .description("Security events that a record of the audit trail (log line or table) failed to keep")
                .register(registry);
    }

    @Override
    public void record(SecurityEvent event) {
        if (event.type() == SecurityEventType.EMAIL_VERIFICATION_MAILED
                && event.outcome().filter(AuditOutcome.THROTTLED::equals).isPresent()) {
            verificationMailThrottled.increment();
            return;
        }
        if (event.type() == SecurityEventType.USER_SIGNED_UP
                && event.outcome().filter(AuditOutcome.THROUGH_PROVIDER::equals).isPresent()) {
            signedUpThroughProvider.increment();
            return;
        }
        Optional.ofNullable(byType.get(event.type())).ifPresent(Counter::increment);
        if (SECOND_FACTOR_EVENTS.contains(event.type())) {
            secondFactor(event.type(), event.outcome()).increment();
        }
        event.sessionsEnded().ifPresent(ended -> revokedBecause.get(ended.reason()).increment(ended.count()));
    }

    /** A record of the audit trail failed to keep an event: worth an alert, since the trail now has a gap. */
    void recordFailed() {
        auditFailures.increment();
    }

    private Counter secondFactor(SecurityEventType type, Optional<AuditOutcome> outcome) {
        String event = lowerCase(type.name().substring("SECOND_FACTOR_".length()));
        String why = outcome.map(AuditOutcome::name).map(SecurityMetrics::lowerCase).orElse(NONE);
        return secondFactor.computeIfAbsent(event + ' ' + why, key -> Counter.builder(SECOND_FACTOR)
                .description("Second-factor events: enrolments, confirmations, logins awaiting, passing (by method) "
                        + "or failing one (by reason), removals (by an administrator: resets)")
                .tag("event", event).tag("outcome", why)
                .register(registry));
    }

    private static String lowerCase(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static Counter login(MeterRegistry registry, String outcome) {
        return Counter.builder(LOGINS).description("Login attempts, by outcome").tag("outcome", outcome)
                .register(registry);
    }

    private static Counter password(MeterRegistry registry, String event) {
        return Counter.builder(PASSWORDS).description("Password changes and resets by their user, made and refused")
                .tag("event", event).register(registry);
    }

    /**
     * Proofs of who one is for a change to how one signs in: made, refused, and asked for (a change refused for want
     * of one; many of them without a success beside them are stolen access tokens tried).
     */
    private static Counter reauthentication(MeterRegistry registry, String outcome) {
        return Counter.builder(REAUTHENTICATIONS).description("Proofs of who one is again, by outcome, and changes "
                + "to how one signs in that asked for one").tag("outcome", outcome).register(registry);
    }

    /** Links that verify addresses: followed (verified or refused), and asked for again (mailed or throttled). */
    private static Counter emailVerification(MeterRegistry registry, String event) {
        return Counter.builder(EMAIL_VERIFICATIONS).description("Email addresses verified through a mailed link, "
                + "links refused, and links asked for again: mailed or throttled").tag("event", event)
                .register(registry);
    }

    /** Sign-ups that made a pending account, and those that did not (the name or the address taken). */
    private static Counter signUp(MeterRegistry registry, String outcome) {
        return Counter.builder(SIGN_UPS).description("Sign-ups: accounts made pending, accounts made through an identity "
                + "provider, and sign-ups that made none because the name or the address was taken")
                .tag("outcome", outcome).register(registry);
    }

    private static Counter passkeyLogin(MeterRegistry registry, String outcome) {
        return Counter.builder(PASSKEY_LOGINS).description("Logins with a passkey alone, by outcome")
                .tag("outcome", outcome).register(registry);
    }

    private static Counter refresh(MeterRegistry registry, String outcome) {
        return Counter.builder(REFRESHES).description("Refresh-token attempts, by outcome").tag("outcome", outcome)
                .register(registry);
    }
}
