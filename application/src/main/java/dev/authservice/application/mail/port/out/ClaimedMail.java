package dev.authservice.application.mail.port.out;

import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.OutgoingMail;
import java.util.Objects;
import java.util.UUID;

/** A due mail a worker holds, as it stands, under the claim that {@link MailOutbox#record} checks. */
public record ClaimedMail(OutgoingMail mail, MailDelivery.Pending delivery, UUID claim) {

    public ClaimedMail {
        Objects.requireNonNull(mail, "mail");
        Objects.requireNonNull(delivery, "delivery");
        Objects.requireNonNull(claim, "claim");
    }
}
