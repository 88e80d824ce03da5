package dev.authservice.application.mail.port.out;

import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The mails waiting to be sent, and those sent or given up for a while. A mail is queued in the transaction of the
 * change that makes it, so it exists exactly when the change does; workers, on one instance or several, then claim
 * the due ones, each mail for one worker at a time, and record what the domain decided of each attempt.
 */
public interface MailOutbox {

    /**
     * Queues the mail, pending and due at once, in the caller's transaction when there is one: it commits or rolls
     * back with the change that made it.
     */
    void enqueue(OutgoingMail mail);

    /**
     * Claims up to {@code limit} pending mails due at {@code now} that no live claim holds, the earliest due first:
     * they are this worker's until {@code now + lease}, long enough to try them all. A worker that stops meanwhile
     * leaves them to the next claim after that; two workers claiming at once never get the same mail.
     */
    List<ClaimedMail> claimDue(Instant now, Duration lease, int limit);

    /**
     * Writes the delivery decided for a claimed mail and lets the claim go. False, and nothing written, when the
     * claim is no longer the mail's: it lapsed, and another worker claimed the mail.
     */
    boolean record(ClaimedMail claimed, MailDelivery next);

    /** Forgets up to {@code limit} mails sent or given up at or before {@code cutoff}; returns how many. */
    int forgetEndedBy(Instant cutoff, int limit);

    /** How many mails are pending, and how long the oldest has waited at {@code now}. */
    OutboxDepth depth(Instant now);
}
