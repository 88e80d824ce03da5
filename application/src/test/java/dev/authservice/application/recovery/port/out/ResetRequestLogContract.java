package dev.authservice.application.recovery.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link ResetRequestLog} promises. An implementation's test hands out an empty log. */
public abstract class ResetRequestLogContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final ClientAddress HOME = new ClientAddress("2001:db8:1::1");
    private static final ClientAddress AWAY = new ClientAddress("192.0.2.7");

    private ResetRequestLog log;

    protected abstract ResetRequestLog emptyResetRequestLog();

    @BeforeEach
    void startEmpty() {
        log = emptyResetRequestLog();
    }

    @Test
    void requestsAreCountedByIdentifierFromEveryClientAndByClientForEveryIdentifier() {
        ResetRequestKey aliceFromHome = ResetRequestKey.of(new Username("alice"), HOME);
        log.record(aliceFromHome, NOW.minusSeconds(30));
        log.record(ResetRequestKey.of(new Username("alice"), AWAY), NOW.minusSeconds(20));
        log.record(ResetRequestKey.of(new EmailAddress("bob@example.com"), new ClientAddress("2001:db8:1::2")),
                NOW.minusSeconds(10));
        assertEquals(List.of(NOW.minusSeconds(30), NOW.minusSeconds(20)),
                log.ofIdentifier(aliceFromHome, NOW.minusSeconds(60)));
        assertEquals(List.of(NOW.minusSeconds(30), NOW.minusSeconds(10)),
                log.ofClient(aliceFromHome, NOW.minusSeconds(60)));
    }

    @Test
    void onlyRequestsAfterTheStartOfTheWindowAreAnswered() {
        ResetRequestKey key = ResetRequestKey.of(new Username("alice"), HOME);
        log.record(key, NOW.minusSeconds(60));
        log.record(key, NOW.minusSeconds(59));
        assertEquals(List.of(NOW.minusSeconds(59)), log.ofIdentifier(key, NOW.minusSeconds(60)));
        assertEquals(List.of(NOW.minusSeconds(59)), log.ofClient(key, NOW.minusSeconds(60)));
    }

    @Test
    void oldRequestsAreForgottenInBatches() {
        ResetRequestKey key = ResetRequestKey.of(new Username("alice"), HOME);
        log.record(key, NOW.minusSeconds(120));
        log.record(key, NOW.minusSeconds(90));
        log.record(key, NOW);
        assertEquals(1, log.forgetBefore(NOW.minusSeconds(60), 1));
        assertEquals(1, log.forgetBefore(NOW.minusSeconds(60), 10));
        assertEquals(0, log.forgetBefore(NOW.minusSeconds(60), 10));
        assertEquals(List.of(NOW), log.ofIdentifier(key, NOW.minusSeconds(600)));
    }
}
