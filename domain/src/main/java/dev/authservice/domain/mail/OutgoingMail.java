package dev.authservice.domain.mail;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import java.time.Instant;
import java.util.Objects;

/**
 * A plain-text mail the service sends: to one recipient, with a subject and a body. What is sent and when it was
 * queued; where it stands is its {@link MailDelivery}.
 *
 * @param subject one line: no line break reaches a header
 * @param body    the text; its lines end as it says, the transport writes them as the protocol wants
 */
public record OutgoingMail(MessageId id, EmailAddress to, String subject, String body, Instant createdAt) {

    public static final int MAX_SUBJECT_LENGTH = 200;
    /** Ample for a notice or a link; a mail of this service is never an attachment. */
    public static final int MAX_BODY_LENGTH = 20_000;

    public OutgoingMail {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(to, "to");
        Require.text("subject", subject, MAX_SUBJECT_LENGTH);
        Objects.requireNonNull(body, "body");
        if (body.isBlank() || body.length() > MAX_BODY_LENGTH) {
            throw new InvalidValueException("body", "body must not be blank, and at most " + MAX_BODY_LENGTH
                    + " characters");
        }
        if (body.indexOf('\0') >= 0) {
            throw new InvalidValueException("body", "body must not hold NUL");
        }
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
