package dev.authservice.adapter.out.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.token.RevocationReason;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SecurityMetricsTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final SecurityMetrics metrics = new SecurityMetrics(registry);

    @Test
    void everyCounterExistsAtZeroBeforeTheFirstEvent() {
        assertEquals(0, count(SecurityMetrics.LOGINS, "outcome", "succeeded"));
        assertEquals(0, count(SecurityMetrics.REFRESHES, "outcome", "reuse_detected"));
        assertEquals(0, registry.get(SecurityMetrics.LOGOUTS).counter().count());
        assertEquals(0, count(SecurityMetrics.SESSIONS_REVOKED, "reason", "administrator"));
    }

    @Test
    void loginsAreCountedByOutcome() {
        record(SecurityEventType.LOGIN_SUCCEEDED, null);
        record(SecurityEventType.LOGIN_SUCCEEDED, null);
        record(SecurityEventType.LOGIN_FAILED, "WRONG_PASSWORD");
        record(SecurityEventType.LOGIN_THROTTLED, null);

        assertEquals(2, count(SecurityMetrics.LOGINS, "outcome", "succeeded"));
        assertEquals(1, count(SecurityMetrics.LOGINS, "outcome", "invalid_credentials"));
        assertEquals(1, count(SecurityMetrics.LOGINS, "outcome", "throttled"));
    }

    @Test
    void refreshesAreCountedByOutcomeAndAReuseEndsASession() {
        record(SecurityEventType.TOKEN_REFRESHED, null);
        record(SecurityEventType.REFRESH_REJECTED, "EXPIRED");
        record(SecurityEventType.REFRESH_TOKEN_REUSED, null);

        assertEquals(1, count(SecurityMetrics.REFRESHES, "outcome", "rotated"));
        assertEquals(1, count(SecurityMetrics.REFRESHES, "outcome", "rejected"));
        assertEquals(1, count(SecurityMetrics.REFRESHES, "outcome", "reuse_detected"));
        assertEquals(1, count(SecurityMetrics.SESSIONS_REVOKED, "reason", "reuse_detected"));
    }

    @Test
    void endedSessionsAreCountedByReason() {
        record(SecurityEventType.LOGGED_OUT, null);
        record(SecurityEventType.SESSION_REVOKED, RevocationReason.SIGNED_OUT.name());
        record(SecurityEventType.SESSION_REVOKED, RevocationReason.ADMINISTRATOR.name());
        record(SecurityEventType.PASSWORD_CHANGED, null);
        record(SecurityEventType.USER_DISABLED, null);

        assertEquals(1, registry.get(SecurityMetrics.LOGOUTS).counter().count());
        for (String reason : new String[] {"logout", "signed_out", "administrator", "password_changed", "user_disabled"}) {
            assertEquals(1, count(SecurityMetrics.SESSIONS_REVOKED, "reason", reason), reason);
        }
    }

    @Test
    void eventsWithoutACounterChangeNothing() {
        record(SecurityEventType.USER_CREATED, null);
        record(SecurityEventType.USER_ENABLED, null);

        assertEquals(0, registry.getMeters().stream()
                .mapToDouble(meter -> meter.measure().iterator().next().getValue()).sum());
    }

    private void record(SecurityEventType type, String detail) {
        SecurityEvent event = SecurityEvent.of(type, NOW, RequesterMother.ANONYMOUS);
        metrics.record(detail == null ? event : event.detail(detail));
    }

    private double count(String name, String tag, String value) {
        return registry.get(name).tag(tag, value).counter().count();
    }
}
