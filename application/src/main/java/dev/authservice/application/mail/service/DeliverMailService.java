package dev.authservice.application.mail.service;

import dev.authservice.application.mail.port.in.DeliverMailUseCase;
import dev.authservice.application.mail.port.out.ClaimedMail;
import dev.authservice.application.mail.port.out.MailDeliveryReport;
import dev.authservice.application.mail.port.out.MailNotSentException;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.mail.port.out.MailTransport;
import dev.authservice.domain.mail.BackOffJitter;
import dev.authservice.domain.mail.DeliveryPolicy;
import dev.authservice.domain.mail.MailDelivery;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Claims a batch of due mails, tries each once outside any transaction (a slow server holds no database
 * connection), and records what the domain decided of each attempt. The claim lasts {@code lease}: a mail not yet
 * tried when it runs out is left for the claim that follows, so no two workers send it at once.
 */
public final class DeliverMailService implements DeliverMailUseCase {

    private final MailOutbox outbox;
    private final MailTransport transport;
    private final MailDeliveryReport report;
    private final DeliveryPolicy policy;
    private final BackOffJitter jitter;
    private final Duration lease;
    private final Clock clock;

    public DeliverMailService(MailOutbox outbox, MailTransport transport, MailDeliveryReport report,
                              DeliveryPolicy policy, BackOffJitter jitter, Duration lease, Clock clock) {
        this.outbox = Objects.requireNonNull(outbox);
        this.transport = Objects.requireNonNull(transport);
        this.report = Objects.requireNonNull(report);
        this.policy = Objects.requireNonNull(policy);
        this.jitter = Objects.requireNonNull(jitter);
        this.lease = Objects.requireNonNull(lease);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result deliverMail(Command command) {
        Instant claimedAt = clock.instant();
        List<ClaimedMail> claimed = outbox.claimDue(claimedAt, lease, command.batchSize());
        if (claimed.isEmpty()) {
            report.outboxIs(outbox.depth(claimedAt));
            return new Result.NothingDue();
        }
        Instant claimEnds = claimedAt.plus(lease);
        int sent = 0;
        int retried = 0;
        int givenUp = 0;
        int lapsed = 0;
        try {
            for (ClaimedMail mail : claimed) {
                if (!clock.instant().isBefore(claimEnds)) {
                    break; // the rest are the next claim's
                }
                Tried tried = attempt(mail);
                MailDelivery next = tried.next();
                if (!outbox.record(mail, next)) {
                    lapsed++;
                } else if (next instanceof MailDelivery.Sent done) {
                    sent++;
                    report.sent(mail.mail(), done);
                } else if (next instanceof MailDelivery.Pending again) {
                    retried++;
                    report.retried(mail.mail(), again, tried.failure());
                } else if (next instanceof MailDelivery.GivenUp over) {
                    givenUp++;
                    report.gaveUp(mail.mail(), over);
                }
            }
        } finally {
            transport.endBatch();
        }
        report.outboxIs(outbox.depth(clock.instant()));
        return new Result.Delivered(sent, retried, givenUp, lapsed);
    }

    /** One attempt, and what the domain decided of it. */
    private Tried attempt(ClaimedMail claimed) {
        MailDelivery.Pending pending = claimed.delivery();
        try {
            transport.send(claimed.mail());
            return new Tried(pending.sent(clock.instant()), null);
        } catch (MailNotSentException failure) {
            Instant at = clock.instant();
            String reason = failure.getMessage();
            return new Tried(failure.permanent() ? pending.refused(at, reason)
                    : pending.failed(claimed.mail(), at, reason, policy, jitter), reason);
        } catch (RuntimeException bug) {
            // A fault of the transport, not of the server: still an attempt, so that the mail is given up in time
            // rather than claimed again at every lease, and the rest of the batch still goes. Its message may hold the
            // recipient: only its type is kept.
            String reason = "the transport failed: " + bug.getClass().getSimpleName();
            return new Tried(pending.failed(claimed.mail(), clock.instant(), reason, policy, jitter), reason);
        }
    }

    /** @param failure why the attempt failed; null when it did not */
    private record Tried(MailDelivery next, String failure) {
    }
}
