package dev.authservice.adapter.out.mail.mail;

import dev.authservice.application.mail.port.out.MailNotSentException;
import dev.authservice.application.mail.port.out.MailTransport;
import dev.authservice.domain.mail.OutgoingMail;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import java.util.Properties;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;

/**
 * Hands each mail to an SMTP server, over one connection per batch of the worker: a connection of its own per mail
 * took the whole round trip of connecting, greeting and TLS for each, some 80 ms against 4 on loopback
 * (docs/benchmarks). A connection that failed is closed, and the next mail opens a new one; none is kept between
 * batches, where it would only time out. The server's certificate is checked against its host name under
 * STARTTLS and TLS. A recipient the server refuses for good (a 5xx reply to {@code RCPT TO}) is a permanent failure;
 * anything else, the server down, slow, or answering 4xx, is tried again later.
 */
public final class SmtpMailTransport implements MailTransport {

    private final SmtpSettings settings;
    private final Session session;
    private final String protocol;
    /** The connection of the batch under way; null between batches and after a failure. */
    private Transport connection;

    public SmtpMailTransport(SmtpSettings settings) {
        this.settings = settings;
        this.protocol = settings.security() == SmtpSettings.Security.TLS ? "smtps" : "smtp";
        this.session = Session.getInstance(properties(settings, protocol));
    }

    private static Properties properties(SmtpSettings settings, String protocol) {
        String prefix = "mail." + protocol + ".";
        Properties properties = new Properties();
        properties.setProperty(prefix + "host", settings.host());
        properties.setProperty(prefix + "port", Integer.toString(settings.port()));
        properties.setProperty(prefix + "connectiontimeout", Long.toString(settings.connectTimeout().toMillis()));
        properties.setProperty(prefix + "timeout", Long.toString(settings.readTimeout().toMillis()));
        properties.setProperty(prefix + "writetimeout", Long.toString(settings.writeTimeout().toMillis()));
        properties.setProperty(prefix + "from", settings.from().localPart() + '@' + settings.from().domain());
        properties.setProperty(prefix + "auth", Boolean.toString(settings.username().isPresent()));
        properties.setProperty("mail.mime.allowutf8", "true");
        if (settings.security() == SmtpSettings.Security.STARTTLS) {
            properties.setProperty(prefix + "starttls.enable", "true");
            properties.setProperty(prefix + "starttls.required", "true");
        }
        if (settings.security() != SmtpSettings.Security.NONE) {
            properties.setProperty(prefix + "ssl.checkserveridentity", "true");
        }
        return properties;
    }

    @Override
    public synchronized void send(OutgoingMail mail) {
        try {
            MimeMessage message = MimeMails.of(mail, settings.from(), session);
            connection().sendMessage(message, message.getAllRecipients());
        } catch (MessagingException failure) {
            boolean forGood = refusedForGood(failure);
            if (!forGood) {
                // The server reset the recipient and goes on after a refused one; after anything else the
                // connection is not trusted with the next mail.
                endBatch();
            }
            throw new MailNotSentException(describe(failure), forGood, failure);
        }
    }

    @Override
    public synchronized void endBatch() {
        if (connection != null) {
            try {
                connection.close();
            } catch (MessagingException alreadyGone) {
                // Nothing is lost: every mail of the batch was recorded already.
            }
            connection = null;
        }
    }

    private Transport connection() throws MessagingException {
        if (connection == null) {
            Transport transport = session.getTransport(protocol);
            transport.connect(settings.host(), settings.port(), settings.username().orElse(null),
                    settings.password().orElse(null));
            connection = transport;
        }
        return connection;
    }

    /** A 5xx reply to the recipient: no such mailbox, or one that takes no mail. */
    private static boolean refusedForGood(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (cause instanceof SMTPAddressFailedException refused && refused.getReturnCode() >= 500) {
                return true;
            }
        }
        return false;
    }

    /** The kind of failure and the server's words, on one line; the credentials are never in them. */
    private static String describe(MessagingException failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = next(cause)) {
            if (!text.isEmpty()) {
                text.append(" <- ");
            }
            text.append(cause.getClass().getSimpleName());
            if (cause.getMessage() != null) {
                text.append(": ").append(cause.getMessage().strip());
            }
        }
        return text.toString().replaceAll("\\s+", " ");
    }

    /** Jakarta Mail chains its failures through {@code getNextException} as well as the cause. */
    private static Throwable next(Throwable failure) {
        if (failure instanceof MessagingException messaging && messaging.getNextException() != null
                && messaging.getNextException() != failure) {
            return messaging.getNextException();
        }
        return failure.getCause() == failure ? null : failure.getCause();
    }
}
