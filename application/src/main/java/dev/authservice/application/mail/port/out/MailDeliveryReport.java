package dev.authservice.application.mail.port.out;

import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;

/** Where the deliveries are told, to be counted and logged: each attempt's outcome, and the outbox after a round. */
public interface MailDeliveryReport {

    void sent(OutgoingMail mail, MailDelivery.Sent sent);

    /** The attempt failed for {@code reason}; the mail is tried again at the delivery's next attempt. */
    void retried(OutgoingMail mail, MailDelivery.Pending next, String reason);

    void gaveUp(OutgoingMail mail, MailDelivery.GivenUp givenUp);

    void outboxIs(OutboxDepth depth);
}
