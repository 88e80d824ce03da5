package dev.authservice.adapter.out.telemetry;

import dev.authservice.application.port.out.AuditLog;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.token.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Counts the security events by outcome: logins, refreshes, logouts and ended sessions by reason. Every counter exists
 * from the start at zero, so that a dashboard's rate shows the first event, not only the second.
 */
public final class SecurityMetrics implements AuditLog {

    static final String LOGINS = "auth.logins";
    static final String REFRESHES = "auth.refreshes";
    static final String LOGOUTS = "auth.logouts";
    static final String SESSIONS_REVOKED = "auth.sessions.revoked";

    private final Map<SecurityEventType, Counter> byType = new EnumMap<>(SecurityEventType.class);
    private final Map<RevocationReason, Counter> revokedBecause = new EnumMap<>(RevocationReason.class);

    public SecurityMetrics(MeterRegistry registry) {
        byType.put(SecurityEventType.LOGIN_SUCCEEDED, counter(registry, LOGINS, "succeeded"));
        byType.put(SecurityEventType.LOGIN_FAILED, counter(registry, LOGINS, "invalid_credentials"));
        byType.put(SecurityEventType.LOGIN_THROTTLED, counter(registry, LOGINS, "throttled"));
        byType.put(SecurityEventType.TOKEN_REFRESHED, counter(registry, REFRESHES, "rotated"));
        byType.put(SecurityEventType.REFRESH_REJECTED, counter(registry, REFRESHES, "rejected"));
        byType.put(SecurityEventType.REFRESH_TOKEN_REUSED, counter(registry, REFRESHES, "reuse_detected"));
        byType.put(SecurityEventType.LOGGED_OUT, Counter.builder(LOGOUTS).register(registry));
        for (RevocationReason reason : RevocationReason.values()) {
            revokedBecause.put(reason, Counter.builder(SESSIONS_REVOKED)
                    .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                    .register(registry));
        }
    }

    @Override
    public void record(SecurityEvent event) {
        Optional.ofNullable(byType.get(event.type())).ifPresent(Counter::increment);
        event.endedSessionsBecause().map(revokedBecause::get).ifPresent(Counter::increment);
    }

    private static Counter counter(MeterRegistry registry, String name, String outcome) {
        return Counter.builder(name).tag("outcome", outcome).register(registry);
    }
}
