package dev.authservice.bootstrap.mail;

import dev.authservice.bootstrap.configuration.Development;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Outside development with no SMTP server configured, no mail leaves: said once at start, so that nobody waits for
 * one. The outbox keeps every mail queued meanwhile, and a start with {@code auth.mail.smtp.host} set sends them,
 * those not older than {@code auth.mail.max-age} by then.
 */
@Context
@Requires(missingProperty = "auth.mail.smtp.host")
class MailNotDelivered {

    private static final Logger LOG = LoggerFactory.getLogger(MailNotDelivered.class);

    MailNotDelivered(Environment environment) {
        if (!Development.isActive(environment)) {
            LOG.warn("No mail is delivered: auth.mail.smtp.host (AUTH_MAIL_SMTP_HOST) is not set. Mails are kept in"
                    + " the outbox until it is.");
        }
    }
}
