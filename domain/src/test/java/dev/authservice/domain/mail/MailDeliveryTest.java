package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MailDeliveryTest {

    private static final Instant QUEUED = Instant.parse("2026-12-01T10:00:00Z");
    private static final DeliveryPolicy POLICY = new DeliveryPolicy(3, Duration.ofSeconds(30), Duration.ofMinutes(1),
            Duration.ofHours(1));
    private static final OutgoingMail MAIL = new OutgoingMail(new MessageId(UUID.randomUUID()),
            new EmailAddress("alice@example.com"), "Hello", "Hello, Alice", QUEUED);

    @Test
    void aQueuedMailIsDueAtOnce() {
        MailDelivery.Pending queued = MailDelivery.queued(QUEUED);
        assertEquals(0, queued.attempts());
        assertTrue(queued.isDueAt(QUEUED));
        assertFalse(queued.isDueAt(QUEUED.minusNanos(1)));
    }

    @Test
    void aMailTheServerTookIsSentAfterItsAttempts() {
        assertEquals(new MailDelivery.Sent(1, QUEUED.plusSeconds(1)), MailDelivery.queued(QUEUED)
                .sent(QUEUED.plusSeconds(1)));
    }

    @Test
    void aFailedAttemptWaitsForTheBackOffThenTheLastIsGivenUp() {
        Instant first = QUEUED.plusSeconds(1);
        MailDelivery once = MailDelivery.queued(QUEUED).failed(MAIL, first, "connection refused", POLICY,
                BackOffJitter.NONE);
        assertEquals(new MailDelivery.Pending(1, first.plusSeconds(30)), once);

        Instant second = first.plusSeconds(30);
        MailDelivery twice = ((MailDelivery.Pending) once).failed(MAIL, second, "connection refused", POLICY,
                BackOffJitter.NONE);
        assertEquals(new MailDelivery.Pending(2, second.plusSeconds(60)), twice);

        Instant third = second.plusSeconds(60);
        assertEquals(new MailDelivery.GivenUp(3, third, "connection refused"),
                ((MailDelivery.Pending) twice).failed(MAIL, third, "connection refused", POLICY, BackOffJitter.NONE));
    }

    @Test
    void aMailTooOldIsGivenUpAtItsNextFailure() {
        Instant late = QUEUED.plus(POLICY.maxAge());
        assertEquals(new MailDelivery.GivenUp(1, late, "time-out"),
                MailDelivery.queued(QUEUED).failed(MAIL, late, "time-out", POLICY, BackOffJitter.NONE));
    }

    @Test
    void aRefusalForGoodIsGivenUpAtOnce() {
        assertEquals(new MailDelivery.GivenUp(1, QUEUED, "550 no such user"),
                MailDelivery.queued(QUEUED).refused(QUEUED, "550 no such user"));
    }

    @Test
    void aReasonIsKeptShortAndOnOneLine() {
        MailDelivery.GivenUp given = MailDelivery.queued(QUEUED).refused(QUEUED, "550\r\n" + "x".repeat(1000));
        assertEquals(MailDelivery.GivenUp.MAX_REASON_LENGTH, given.reason().length());
        assertTrue(given.reason().startsWith("550x"));
    }
}
