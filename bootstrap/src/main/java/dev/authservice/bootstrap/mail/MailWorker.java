package dev.authservice.bootstrap.mail;

import dev.authservice.application.mail.port.in.DeliverMailUseCase;
import dev.authservice.application.shared.port.out.StoreUnavailableException;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the outbox every {@code auth.mail.worker.interval}, a batch of {@code auth.mail.worker.batch-size} mails
 * after another while the batches come back full. It runs on the {@code mail} executor, a thread of its own
 * ({@code micronaut.executors.mail}): an SMTP server that answers slowly holds neither the event loop nor the
 * scheduler's other work (the deny-list's poll, the clean-ups). Every instance runs one; they share the outbox's
 * mails through its claims.
 */
@Singleton
@Requires(beans = DeliverMailUseCase.class)
class MailWorker {

    private static final Logger LOG = LoggerFactory.getLogger(MailWorker.class);

    private final DeliverMailUseCase deliverMail;
    private final DeliverMailUseCase.Command batch;

    MailWorker(DeliverMailUseCase deliverMail, @Property(name = "auth.mail.worker.batch-size") int batchSize) {
        this.deliverMail = deliverMail;
        try {
            this.batch = new DeliverMailUseCase.Command(batchSize);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException(
                    "auth.mail.worker.batch-size (AUTH_MAIL_WORKER_BATCH_SIZE): " + e.getMessage());
        }
    }

    @Scheduled(initialDelay = "${auth.mail.worker.interval}", fixedDelay = "${auth.mail.worker.interval}",
            scheduler = "mail")
    void run() {
        try {
            boolean more = true;
            while (more) {
                more = deliverMail.deliverMail(batch).match(delivered -> delivered.full(batch), nothing -> false);
            }
        } catch (StoreUnavailableException e) {
            LOG.warn("Mail not delivered this round, the database is unavailable: {}", e.getMessage());
        }
    }
}
