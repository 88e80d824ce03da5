package dev.authservice.adapter.out.persistence.mail;

import dev.authservice.application.mail.port.out.MailOutbox;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@code mail_outbox} from growing without end: every {@code auth.mail.cleanup.interval} it forgets the mails
 * sent or given up more than {@code auth.mail.retention} ago, {@code auth.mail.cleanup.batch-size} per statement.
 * The retention keeps a mail for whoever asks what became of it. With several instances each may do a round; a mail
 * forgotten twice is forgotten once.
 * <p>
 * It runs where {@code auth.mail.retention} is set, as the service's configuration sets it, like the sessions'
 * clean-up: the application contexts of this module's tests set no such key, and no round runs behind their backs.
 */
@Singleton
@Requires(property = "auth.mail.retention")
class MailOutboxCleanUp {

    private static final Logger LOG = LoggerFactory.getLogger(MailOutboxCleanUp.class);

    private final MailOutbox outbox;
    private final Duration retention;
    private final int batchSize;
    private final Clock clock;

    MailOutboxCleanUp(MailOutbox outbox, @Property(name = "auth.mail.retention") Duration retention,
                      @Property(name = "auth.mail.cleanup.batch-size") int batchSize, Clock clock) {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("auth.mail.retention must be positive, not " + retention);
        }
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("auth.mail.cleanup.batch-size must be 1 to 10000, not " + batchSize);
        }
        this.outbox = outbox;
        this.retention = retention;
        this.batchSize = batchSize;
        this.clock = clock;
    }

    @Scheduled(initialDelay = "1m", fixedDelay = "${auth.mail.cleanup.interval:1h}")
    void run() {
        int forgotten = forgetEndedBy(clock.instant().minus(retention));
        if (forgotten > 0) {
            LOG.info("Forgot {} mails sent or given up more than {} ago", forgotten, retention);
        }
    }

    /** Batch after batch until none is left; returns how many were forgotten. */
    int forgetEndedBy(Instant cutoff) {
        int forgotten = 0;
        for (int batch = outbox.forgetEndedBy(cutoff, batchSize); batch > 0;
             batch = outbox.forgetEndedBy(cutoff, batchSize)) {
            forgotten += batch;
        }
        return forgotten;
    }
}
