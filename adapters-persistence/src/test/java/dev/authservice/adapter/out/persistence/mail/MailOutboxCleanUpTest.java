package dev.authservice.adapter.out.persistence.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.mail.port.out.ClaimedMail;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.mail.port.out.OutboxDepth;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The clean-up's round: every mail sent or given up long enough ago goes, a batch at a time; pending ones stay. */
class MailOutboxCleanUpTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.h2();

    private static final Instant NOW = TestTime.now();
    private static final Duration RETENTION = Duration.ofDays(7);

    private MailOutbox outbox;

    @BeforeEach
    void emptyDatabase() {
        database.deleteAllRows();
        outbox = database.bean(MailOutbox.class);
    }

    @Test
    void aRoundForgetsEveryEndedMailBatchAfterBatchAndKeepsThePendingOnes() {
        Instant longAgo = NOW.minus(RETENTION).minus(Duration.ofDays(1));
        for (int i = 0; i < 5; i++) {
            outbox.enqueue(MailMother.toAlice(longAgo));
        }
        for (ClaimedMail claimed : outbox.claimDue(longAgo, Duration.ofMinutes(1), 4)) {
            outbox.record(claimed, claimed.delivery().sent(longAgo));
        }
        MailOutboxCleanUp cleanUp = new MailOutboxCleanUp(outbox, RETENTION, 3, Clock.fixed(NOW, ZoneOffset.UTC));
        assertEquals(4, cleanUp.forgetEndedBy(NOW.minus(RETENTION)));
        assertEquals(new OutboxDepth(1, Duration.between(longAgo, NOW)), outbox.depth(NOW));
        assertEquals(0, cleanUp.forgetEndedBy(NOW.minus(RETENTION)));
    }

    @Test
    void theRetentionAndTheBatchAreChecked() {
        Clock clock = Clock.systemUTC();
        assertThrows(IllegalArgumentException.class, () -> new MailOutboxCleanUp(outbox, Duration.ZERO, 10, clock));
        assertThrows(IllegalArgumentException.class, () -> new MailOutboxCleanUp(outbox, RETENTION, 0, clock));
        assertThrows(IllegalArgumentException.class, () -> new MailOutboxCleanUp(outbox, RETENTION, 10_001, clock));
    }
}
