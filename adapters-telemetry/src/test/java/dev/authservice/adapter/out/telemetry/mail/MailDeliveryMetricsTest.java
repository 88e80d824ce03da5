package dev.authservice.adapter.out.telemetry.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.mail.port.out.OutboxDepth;
import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MailDeliveryMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final MailDeliveryMetrics metrics = new MailDeliveryMetrics(registry);

    @Test
    void everyMeterIsThereAtZeroFromTheStart() {
        for (String outcome : new String[] {"sent", "retried", "given_up"}) {
            assertEquals(0, deliveries(outcome));
        }
        assertEquals(0, registry.get(MailDeliveryMetrics.DEPTH).gauge().value());
        assertEquals(0, registry.get(MailDeliveryMetrics.OLDEST_AGE).gauge().value());
    }

    @Test
    void attemptsAreCountedByOutcomeAndTheOutboxShownAsLastFound() {
        OutgoingMail mail = MailMother.toAlice(TestTime.SOME_INSTANT);
        MailDelivery.Pending queued = MailDelivery.queued(mail.createdAt());
        metrics.sent(mail, queued.sent(mail.createdAt()));
        metrics.retried(mail, new MailDelivery.Pending(1, mail.createdAt().plusSeconds(30)), "connection refused");
        metrics.retried(mail, new MailDelivery.Pending(2, mail.createdAt().plusSeconds(90)), "connection refused");
        metrics.gaveUp(mail, queued.refused(mail.createdAt(), "550 no such user"));
        metrics.outboxIs(new OutboxDepth(12, Duration.ofMinutes(3)));

        assertEquals(1, deliveries("sent"));
        assertEquals(2, deliveries("retried"));
        assertEquals(1, deliveries("given_up"));
        assertEquals(12, registry.get(MailDeliveryMetrics.DEPTH).gauge().value());
        assertEquals(180, registry.get(MailDeliveryMetrics.OLDEST_AGE).gauge().value());
    }

    private double deliveries(String outcome) {
        return registry.get(MailDeliveryMetrics.DELIVERIES).tag("outcome", outcome).counter().count();
    }
}
