package dev.authservice.adapter.out.telemetry;

import dev.authservice.application.port.out.AuditLog;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Counts the security events by outcome: logins, refreshes, logouts, and sessions ended by reason. Every counter exists
 * from construction at zero (bootstrap builds this at start-up), so that a dashboard's rate shows the first event.
 */
public final class SecurityMetrics implements AuditLog {

    static final String LOGINS = "auth.logins";
    static final String REFRESHES = "auth.refreshes";
    static final String LOGOUTS = "auth.logouts";
    static final String SESSIONS_REVOKED = "auth.sessions.revoked";
    static final String AUDIT_FAILURES = "auth.audit.failures";
    static final String SECOND_FACTOR = "auth.second-factor";
    static final String PASSKEY_LOGINS = "auth.passkey.logins";

    private final Map<SecurityEventType, Counter> byType = new EnumMap<>(SecurityEventType.class);
    private final Map<RevocationReason, Counter> revokedBecause = new EnumMap<>(RevocationReason.class);
    private final Counter auditFailures;

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
        for (SecurityEventType type : List.of(SecurityEventType.SECOND_FACTOR_ENROLLED,
                SecurityEventType.SECOND_FACTOR_CONFIRMED, SecurityEventType.SECOND_FACTOR_REQUIRED,
                SecurityEventType.SECOND_FACTOR_PASSED, SecurityEventType.SECOND_FACTOR_FAILED,
                SecurityEventType.SECOND_FACTOR_REMOVED)) {
            byType.put(type, Counter.builder(SECOND_FACTOR)
                    .description("Second-factor events: enrolments, confirmations, logins awaiting or passing one, "
                            + "failures and removals")
                    .tag("event", type.name().substring("SECOND_FACTOR_".length()).toLowerCase(Locale.ROOT))
                    .register(registry));
        }
        byType.put(SecurityEventType.PASSKEY_LOGIN_SUCCEEDED, passkeyLogin(registry, "succeeded"));
        byType.put(SecurityEventType.PASSKEY_LOGIN_FAILED, passkeyLogin(registry, "failed"));
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
        Optional.ofNullable(byType.get(event.type())).ifPresent(Counter::increment);
        event.sessionsEnded().ifPresent(ended -> revokedBecause.get(ended.reason()).increment(ended.count()));
    }

    /** A record of the audit trail failed to keep an event: worth an alert, since the trail now has a gap. */
    void recordFailed() {
        auditFailures.increment();
    }

    private static Counter login(MeterRegistry registry, String outcome) {
        return Counter.builder(LOGINS).description("Login attempts, by outcome").tag("outcome", outcome)
                .register(registry);
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
