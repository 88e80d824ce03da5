package dev.authservice.application.mail.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemoryMailOutbox;
import dev.authservice.application.fixtures.RandomIds;
import dev.authservice.application.fixtures.ScriptedMailTransport;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.TickingClock;
import dev.authservice.application.mail.port.in.DeliverMailUseCase.Command;
import dev.authservice.application.mail.port.in.DeliverMailUseCase.Result;
import dev.authservice.application.mail.port.out.MailDeliveryReport;
import dev.authservice.application.mail.port.out.OutboxDepth;
import dev.authservice.domain.mail.BackOffJitter;
import dev.authservice.domain.mail.DeliveryPolicy;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeliverMailServiceTest {

    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final DeliveryPolicy POLICY = new DeliveryPolicy(3, Duration.ofSeconds(30), Duration.ofMinutes(1),
            Duration.ofDays(1));
    private static final Command BATCH = new Command(10);

    private final TickingClock clock = new TickingClock(TestTime.SOME_INSTANT);
    private final InMemoryMailOutbox outbox = new InMemoryMailOutbox();
    private final ScriptedMailTransport transport = new ScriptedMailTransport();
    private final Report report = new Report();
    private final DeliverMailService service = new DeliverMailService(outbox, transport, report, POLICY,
            BackOffJitter.NONE, LEASE, clock);
    private final MailQueue queue = new MailQueue(outbox, new RandomIds(), clock);

    @Test
    void aQueuedMailIsSentOnceUnderItsId() {
        OutgoingMail mail = queue.enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
        assertEquals(new Result.Delivered(1, 0, 0, 0), service.deliverMail(BATCH));
        assertEquals(List.of(mail), transport.taken());
        assertEquals(Optional.of(new MailDelivery.Sent(1, clock.instant())), outbox.deliveryOf(mail.id()));
        assertEquals(new Result.NothingDue(), service.deliverMail(BATCH));
        assertEquals(List.of("sent " + mail.id(), "depth 0"), report.events.subList(0, 2));
    }

    @Test
    void whileTheServerIsDownTheMailWaitsTheBackOffThenGoesOutOnce() {
        OutgoingMail mail = queue.enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
        transport.server(ScriptedMailTransport.Server.DOWN);
        assertEquals(new Result.Delivered(0, 1, 0, 0), service.deliverMail(BATCH));
        assertEquals(new Result.NothingDue(), service.deliverMail(BATCH), "not due before its back-off");
        clock.advance(Duration.ofSeconds(30));
        transport.server(ScriptedMailTransport.Server.UP);
        assertEquals(new Result.Delivered(1, 0, 0, 0), service.deliverMail(BATCH));
        assertEquals(List.of(mail), transport.taken());
        assertEquals(Optional.of(new MailDelivery.Sent(2, clock.instant())), outbox.deliveryOf(mail.id()));
        assertTrue(report.events.contains("retried " + mail.id() + " connection refused"));
    }

    @Test
    void aMailIsGivenUpAtItsLastAttemptOrAtARefusalForGood() {
        OutgoingMail tried = queue.enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
        transport.server(ScriptedMailTransport.Server.DOWN);
        for (int attempt = 0; attempt < POLICY.maxAttempts(); attempt++) {
            service.deliverMail(BATCH);
            clock.advance(POLICY.backOffCeiling());
        }
        assertTrue(outbox.deliveryOf(tried.id()).orElseThrow() instanceof MailDelivery.GivenUp);

        OutgoingMail refused = queue.enqueue(new EmailAddress("nobody@example.com"), "Hello", "Hello");
        transport.server(ScriptedMailTransport.Server.REFUSING);
        assertEquals(new Result.Delivered(0, 0, 1, 0), service.deliverMail(BATCH));
        assertEquals(Optional.of(new MailDelivery.GivenUp(1, clock.instant(), "550 no such user")),
                outbox.deliveryOf(refused.id()));
        assertTrue(report.events.contains("gave up " + refused.id()));
    }

    @Test
    void aTransportThatFailsUnexpectedlyCountsAsAFailedAttemptAndTheBatchGoesOn() {
        OutgoingMail first = queue.enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
        OutgoingMail second = queue.enqueue(new EmailAddress("bob@example.com"), "Hello", "Hello, Bob");
        transport.server(ScriptedMailTransport.Server.BROKEN);

        assertEquals(new Result.Delivered(0, 2, 0, 0), service.deliverMail(BATCH));
        assertTrue(report.events.contains("retried " + first.id() + " the transport failed: IllegalStateException"),
                report.events.toString());
        assertTrue(outbox.deliveryOf(second.id()).orElseThrow() instanceof MailDelivery.Pending);
        for (int attempt = 1; attempt < POLICY.maxAttempts(); attempt++) {
            clock.advance(POLICY.backOffCeiling());
            service.deliverMail(BATCH);
        }
        assertTrue(outbox.deliveryOf(first.id()).orElseThrow() instanceof MailDelivery.GivenUp, "not tried forever");
        assertEquals(POLICY.maxAttempts(), transport.batchesEnded(), "each round's connection closed, failed or not");
    }

    @Test
    void mailsNotTriedWhenTheClaimRunsOutAreLeftForTheNextClaim() {
        OutgoingMail first = queue.enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
        OutgoingMail second = queue.enqueue(new EmailAddress("bob@example.com"), "Hello", "Hello, Bob");
        transport.onSend(() -> clock.advance(LEASE));
        assertEquals(new Result.Delivered(1, 0, 0, 0), service.deliverMail(BATCH));
        assertEquals(List.of(first), transport.taken());
        assertEquals(Optional.of(MailDelivery.queued(second.createdAt())), outbox.deliveryOf(second.id()));
        assertEquals(new Result.Delivered(1, 0, 0, 0), service.deliverMail(BATCH));
        assertEquals(List.of(first, second), transport.taken());
    }

    @Test
    void theOutboxIsReportedAfterEveryRound() {
        queue.enqueue(new EmailAddress("alice@example.com"), "Hello", "Hello, Alice");
        transport.server(ScriptedMailTransport.Server.DOWN);
        clock.advance(Duration.ofSeconds(7));
        service.deliverMail(BATCH);
        assertEquals("depth 1 PT7S", report.events.get(report.events.size() - 1));
    }

    private static final class Report implements MailDeliveryReport {

        final List<String> events = new ArrayList<>();

        @Override
        public void sent(OutgoingMail mail, MailDelivery.Sent sent) {
            events.add("sent " + mail.id());
        }

        @Override
        public void retried(OutgoingMail mail, MailDelivery.Pending next, String reason) {
            events.add("retried " + mail.id() + " " + reason);
        }

        @Override
        public void gaveUp(OutgoingMail mail, MailDelivery.GivenUp givenUp) {
            events.add("gave up " + mail.id());
        }

        @Override
        public void outboxIs(OutboxDepth depth) {
            events.add(depth.pending() == 0 ? "depth 0" : "depth " + depth.pending() + " " + depth.oldestAge());
        }
    }
}
