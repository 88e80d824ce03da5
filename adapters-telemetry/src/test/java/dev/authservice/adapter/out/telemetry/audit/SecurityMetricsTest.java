package dev.authservice.adapter.out.telemetry.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.RevocationReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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
        record(SecurityEventType.LOGIN_FAILED, AuditOutcome.WRONG_PASSWORD);
        record(SecurityEventType.LOGIN_THROTTLED, null);

        assertEquals(2, count(SecurityMetrics.LOGINS, "outcome", "succeeded"));
        assertEquals(1, count(SecurityMetrics.LOGINS, "outcome", "invalid_credentials"));
        assertEquals(1, count(SecurityMetrics.LOGINS, "outcome", "throttled"));
    }

    @Test
    void secondFactorEventsAreCountedByEventAndOutcome() {
        record(SecurityEventType.SECOND_FACTOR_ENROLLED, null);
        record(SecurityEventType.SECOND_FACTOR_FAILED, AuditOutcome.WRONG_CODE);
        record(SecurityEventType.SECOND_FACTOR_FAILED, AuditOutcome.WRONG_CODE);
        record(SecurityEventType.SECOND_FACTOR_FAILED, AuditOutcome.REPLAYED_CODE);
        record(SecurityEventType.SECOND_FACTOR_PASSED, AuditOutcome.RECOVERY_CODE);
        record(SecurityEventType.SECOND_FACTOR_REMOVED, AuditOutcome.ADMINISTRATOR);

        assertEquals(1, count(SecurityMetrics.SECOND_FACTOR, "event", "enrolled"));
        assertEquals(3, count(SecurityMetrics.SECOND_FACTOR, "event", "failed"));
        assertEquals(2, count(SecurityMetrics.SECOND_FACTOR, "event", "failed", "outcome", "wrong_code"));
        assertEquals(1, count(SecurityMetrics.SECOND_FACTOR, "event", "failed", "outcome", "replayed_code"));
        assertEquals(1, count(SecurityMetrics.SECOND_FACTOR, "event", "passed", "outcome", "recovery_code"));
        assertEquals(0, count(SecurityMetrics.SECOND_FACTOR, "event", "passed", "outcome", "totp_code"));
        assertEquals(1, count(SecurityMetrics.SECOND_FACTOR, "event", "removed", "outcome", "administrator"));
        assertEquals(0, count(SecurityMetrics.SECOND_FACTOR, "event", "removed", "outcome", "none"));
    }

    @Test
    void passkeyRegistrationsAndDeletionsAreCounted() {
        record(SecurityEventType.PASSKEY_REGISTERED, null);
        record(SecurityEventType.PASSKEY_REGISTRATION_FAILED, AuditOutcome.WRONG_ORIGIN);
        record(SecurityEventType.PASSKEY_REGISTRATION_FAILED, AuditOutcome.UNKNOWN_CHALLENGE);

        assertEquals(1, count(SecurityMetrics.PASSKEYS, "event", "registered"));
        assertEquals(2, count(SecurityMetrics.PASSKEYS, "event", "registration_failed"));
        assertEquals(0, count(SecurityMetrics.PASSKEYS, "event", "deleted"));
    }

    @Test
    void externalSignInsAndIdentityLinksAreCounted() {
        record(SecurityEventType.EXTERNAL_SIGN_IN_SUCCEEDED, null);
        record(SecurityEventType.EXTERNAL_SIGN_IN_FAILED, AuditOutcome.NOT_LINKED);
        record(SecurityEventType.EXTERNAL_SIGN_IN_FAILED, AuditOutcome.STATE_USED);
        record(SecurityEventType.IDENTITY_LINKED, null);
        record(SecurityEventType.IDENTITY_UNLINKED, AuditOutcome.ADMINISTRATOR);

        assertEquals(1, count(SecurityMetrics.EXTERNAL_SIGN_INS, "outcome", "succeeded"));
        assertEquals(2, count(SecurityMetrics.EXTERNAL_SIGN_INS, "outcome", "failed"));
        assertEquals(1, count(SecurityMetrics.IDENTITY_LINKS, "event", "linked"));
        assertEquals(0, count(SecurityMetrics.IDENTITY_LINKS, "event", "link_failed"));
        assertEquals(1, count(SecurityMetrics.IDENTITY_LINKS, "event", "unlinked"));
    }

    @Test
    void passkeyLoginsAreCountedByOutcome() {
        record(SecurityEventType.PASSKEY_LOGIN_SUCCEEDED, null);
        record(SecurityEventType.PASSKEY_LOGIN_FAILED, AuditOutcome.POSSIBLE_CLONE);
        record(SecurityEventType.PASSKEY_LOGIN_FAILED, AuditOutcome.USER_NOT_VERIFIED);

        assertEquals(1, count(SecurityMetrics.PASSKEY_LOGINS, "outcome", "succeeded"));
        assertEquals(2, count(SecurityMetrics.PASSKEY_LOGINS, "outcome", "failed"));
    }

    @Test
    void refreshesAreCountedByOutcomeAndAReuseEndsASession() {
        record(SecurityEventType.TOKEN_REFRESHED, null);
        record(SecurityEventType.REFRESH_REJECTED, AuditOutcome.EXPIRED);
        metrics.record(SecurityEvent.of(SecurityEventType.REFRESH_TOKEN_REUSED, NOW, RequesterMother.ANONYMOUS)
                .endingSessions(RevocationReason.REUSE_DETECTED, 1));

        assertEquals(1, count(SecurityMetrics.REFRESHES, "outcome", "rotated"));
        assertEquals(1, count(SecurityMetrics.REFRESHES, "outcome", "rejected"));
        assertEquals(1, count(SecurityMetrics.REFRESHES, "outcome", "reuse_detected"));
        assertEquals(1, count(SecurityMetrics.SESSIONS_REVOKED, "reason", "reuse_detected"));
    }

    @Test
    void endedSessionsAreCountedAsSessionsByReasonNotAsEvents() {
        record(SecurityEventType.LOGGED_OUT, null);
        metrics.record(SecurityEvent.of(SecurityEventType.LOGGED_OUT, NOW, RequesterMother.ALICE)
                .endingSessions(RevocationReason.LOGOUT, 1));
        metrics.record(SecurityEvent.of(SecurityEventType.USER_DISABLED, NOW, RequesterMother.ADMINISTRATOR)
                .endingSessions(RevocationReason.USER_DISABLED, 3));
        metrics.record(SecurityEvent.of(SecurityEventType.SESSION_REVOKED, NOW, RequesterMother.ADMINISTRATOR)
                .endingSessions(RevocationReason.ADMINISTRATOR, 0));

        assertEquals(2, registry.get(SecurityMetrics.LOGOUTS).counter().count());
        assertEquals(1, count(SecurityMetrics.SESSIONS_REVOKED, "reason", "logout"));
        assertEquals(3, count(SecurityMetrics.SESSIONS_REVOKED, "reason", "user_disabled"));
        assertEquals(0, count(SecurityMetrics.SESSIONS_REVOKED, "reason", "administrator"));
    }

    /** Every change to how a user signs in, the administrator's included, moves a counter. */
    @ParameterizedTest
    @EnumSource(value = SecurityEventType.class, names = {"PASSWORD_CHANGED", "SECOND_FACTOR_ENROLLED",
            "SECOND_FACTOR_CONFIRMED", "SECOND_FACTOR_REMOVED", "RECOVERY_CODES_RENEWED", "PASSKEY_REGISTERED",
            "PASSKEY_DELETED"})
    void everyChangeToHowAUserSignsInIsCounted(SecurityEventType change) {
        record(change, null);
        record(change, AuditOutcome.ADMINISTRATOR);

        assertEquals(2, total());
    }

    @Test
    void proofsOfWhoOneIsAreCountedByOutcomeAndSoAreTheChangesThatAskedForOne() {
        record(SecurityEventType.REAUTHENTICATED, AuditOutcome.TOTP_CODE);
        record(SecurityEventType.REAUTHENTICATION_FAILED, AuditOutcome.WRONG_PASSWORD);
        record(SecurityEventType.REAUTHENTICATION_REQUIRED, null);
        record(SecurityEventType.REAUTHENTICATION_REQUIRED, null);
        record(SecurityEventType.PASSWORD_CHANGE_FAILED, AuditOutcome.WRONG_PASSWORD);

        assertEquals(1, count(SecurityMetrics.REAUTHENTICATIONS, "outcome", "succeeded"));
        assertEquals(1, count(SecurityMetrics.REAUTHENTICATIONS, "outcome", "failed"));
        assertEquals(2, count(SecurityMetrics.REAUTHENTICATIONS, "outcome", "required"));
        assertEquals(1, count(SecurityMetrics.PASSWORDS, "event", "change_failed"));
    }

    @Test
    void verificationsOfAddressesAreCountedAndALinkAskedForAgainByWhetherItWasMailed() {
        record(SecurityEventType.EMAIL_ADDRESS_VERIFIED, null);
        record(SecurityEventType.EMAIL_VERIFICATION_FAILED, AuditOutcome.EXPIRED);
        record(SecurityEventType.EMAIL_VERIFICATION_FAILED, AuditOutcome.UNKNOWN_TOKEN);
        record(SecurityEventType.EMAIL_VERIFICATION_MAILED, null);
        record(SecurityEventType.EMAIL_VERIFICATION_MAILED, AuditOutcome.THROTTLED);

        assertEquals(1, count(SecurityMetrics.EMAIL_VERIFICATIONS, "event", "verified"));
        assertEquals(2, count(SecurityMetrics.EMAIL_VERIFICATIONS, "event", "failed"));
        assertEquals(1, count(SecurityMetrics.EMAIL_VERIFICATIONS, "event", "mailed"));
        assertEquals(1, count(SecurityMetrics.EMAIL_VERIFICATIONS, "event", "mail_throttled"));
    }

    @Test
    void signUpsAreCountedByWhetherTheyMadeAnAccount() {
        record(SecurityEventType.USER_SIGNED_UP, null);
        record(SecurityEventType.USER_SIGNED_UP, AuditOutcome.THROUGH_PROVIDER);
        record(SecurityEventType.SIGN_UP_REFUSED, AuditOutcome.EMAIL_TAKEN);
        record(SecurityEventType.SIGN_UP_REFUSED, AuditOutcome.USERNAME_TAKEN);

        assertEquals(1, count(SecurityMetrics.SIGN_UPS, "outcome", "signed_up"));
        assertEquals(1, count(SecurityMetrics.SIGN_UPS, "outcome", "through_provider"));
        assertEquals(2, count(SecurityMetrics.SIGN_UPS, "outcome", "refused"));
    }

    private double total() {
        return registry.getMeters().stream().mapToDouble(meter -> meter.measure().iterator().next().getValue()).sum();
    }

    @Test
    void everyMeterSaysWhatItCounts() {
        registry.getMeters().forEach(meter ->
                assertNotNull(meter.getId().getDescription(), meter.getId().getName()));
    }

    @Test
    void eventsWithoutACounterChangeNothing() {
        record(SecurityEventType.USER_CREATED, null);
        record(SecurityEventType.USER_ENABLED, null);

        assertEquals(0, total());
    }

    private void record(SecurityEventType type, AuditOutcome outcome) {
        SecurityEvent event = SecurityEvent.of(type, NOW, RequesterMother.ANONYMOUS);
        metrics.record(outcome == null ? event : event.outcome(outcome));
    }

    /** The sum over the counters of that name with these tags, as a query over the other tags would give. */
    private double count(String name, String... tags) {
        return registry.get(name).tags(tags).counters().stream().mapToDouble(Counter::count).sum();
    }
}
