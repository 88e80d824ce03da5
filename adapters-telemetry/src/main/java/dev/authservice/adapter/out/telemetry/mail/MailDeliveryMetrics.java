package dev.authservice.adapter.out.telemetry.mail;

import dev.authservice.application.mail.port.out.MailDeliveryReport;
import dev.authservice.application.mail.port.out.OutboxDepth;
import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the attempts by outcome ({@code auth.mail.deliveries}: sent, retried, given up) and shows the outbox as the
 * last round of a worker of this instance found it: how many mails wait ({@code auth.mail.outbox.depth}) and how
 * long the oldest has ({@code auth.mail.outbox.oldest.age.seconds}); a scrape reads no database. A retry and a mail
 * given up are logged with the mail's id and why, never its recipient or body.
 */
public final class MailDeliveryMetrics implements MailDeliveryReport {

    static final String DELIVERIES = "auth.mail.deliveries";
    static final String DEPTH = "auth.mail.outbox.depth";
    static final String OLDEST_AGE = "auth.mail.outbox.oldest.age.seconds";
    private static final Logger LOG = LoggerFactory.getLogger(MailDeliveryMetrics.class);

    private final Counter sent;
    private final Counter retried;
    private final Counter givenUp;
    private final AtomicLong depth = new AtomicLong();
    private final AtomicLong oldestAgeSeconds = new AtomicLong();

    public MailDeliveryMetrics(MeterRegistry registry) {
        sent = deliveries(registry, "sent");
        retried = deliveries(registry, "retried");
        givenUp = deliveries(registry, "given_up");
        Gauge.builder(DEPTH, depth, AtomicLong::get)
                .description("Mails waiting to be sent, as the last delivery round found them")
                .register(registry);
        Gauge.builder(OLDEST_AGE, oldestAgeSeconds, AtomicLong::get)
                .description("How long the oldest mail waiting to be sent has waited, in seconds")
                .baseUnit("seconds")
                .register(registry);
    }

    private static Counter deliveries(MeterRegistry registry, String outcome) {
        return Counter.builder(DELIVERIES)
                .description("Attempts to send a mail: sent, to be tried again, given up")
                .tag("outcome", outcome)
                .register(registry);
    }

    @Override
    public void sent(OutgoingMail mail, MailDelivery.Sent delivery) {
        sent.increment();
    }

    @Override
    public void retried(OutgoingMail mail, MailDelivery.Pending next, String reason) {
        retried.increment();
        LOG.info("Mail {} not sent (attempt {}), tried again at {}: {}", mail.id(), next.attempts(),
                next.nextAttemptAt(), reason);
    }

    @Override
    public void gaveUp(OutgoingMail mail, MailDelivery.GivenUp delivery) {
        givenUp.increment();
        LOG.warn("Mail {} given up after {} attempts: {}", mail.id(), delivery.attempts(), delivery.reason());
    }

    @Override
    public void outboxIs(OutboxDepth outbox) {
        depth.set(outbox.pending());
        oldestAgeSeconds.set(outbox.oldestAge().toSeconds());
    }
}
