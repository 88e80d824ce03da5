package dev.authservice.adapter.out.mail.mail;

import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.Date;

/** A mail as MIME: the same bytes whether it goes to a server or to a file. */
final class MimeMails {

    private MimeMails() {
    }

    /**
     * The message from {@code from} under the mail's own {@code Message-ID} on the sender's domain, dated when it was
     * queued: every attempt sends the same message, so a receiving side that saw it once can tell.
     */
    static MimeMessage of(OutgoingMail mail, EmailAddress from, Session session) throws MessagingException {
        String messageId = mail.id().header(from.domain());
        MimeMessage message = new MimeMessage(session) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", messageId);
            }
        };
        message.setFrom(address(from));
        message.setRecipient(Message.RecipientType.TO, address(mail.to()));
        message.setSubject(mail.subject(), StandardCharsets.UTF_8.name());
        message.setText(mail.body(), StandardCharsets.UTF_8.name());
        message.setSentDate(Date.from(mail.createdAt()));
        message.saveChanges();
        return message;
    }

    /**
     * The address with its domain in IDNA ASCII form, which every server takes; a local part beyond ASCII needs a
     * server that offers SMTPUTF8 (RFC 6531), which {@code mail.mime.allowutf8} lets Jakarta Mail use.
     */
    static InternetAddress address(EmailAddress address) throws MessagingException {
        return new InternetAddress(address.localPart() + '@' + address.domain(), true);
    }
}
