package dev.authservice.application.mail.service;

import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.MessageId;
import dev.authservice.domain.mail.OutgoingMail;
import java.time.Clock;
import java.util.Objects;

/**
 * How a use case sends a mail: it queues it in its own transaction, beside the change the mail tells of, and a
 * worker delivers it ({@link DeliverMailService}). A change rolled back leaves no mail; one committed, its mail.
 */
public final class MailQueue {

    private final MailOutbox outbox;
    private final RandomSource random;
    private final Clock clock;

    public MailQueue(MailOutbox outbox, RandomSource random, Clock clock) {
        this.outbox = Objects.requireNonNull(outbox);
        this.random = Objects.requireNonNull(random);
        this.clock = Objects.requireNonNull(clock);
    }

    /** Queues a plain-text mail to {@code to}, due at once, under a new {@code Message-ID}, and returns it. */
    public OutgoingMail enqueue(EmailAddress to, String subject, String body) {
        OutgoingMail mail = new OutgoingMail(new MessageId(random.uuid()), to, subject, body, clock.instant());
        outbox.enqueue(mail);
        return mail;
    }
}
