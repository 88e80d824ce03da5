package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An SMTP server on a free port that keeps what the service sends it, for tests that follow a mailed link the way a
 * user would: the mail leaves the outbox through the worker, over SMTP, as it does in a deployment.
 */
public final class MailCatcher {

    private static final Pattern LINK = Pattern.compile("https?://\\S+");

    private final GreenMail smtp = new GreenMail(new ServerSetup(OwnService.freePort(), "127.0.0.1",
            ServerSetup.PROTOCOL_SMTP));

    /**
     * Starts the server and answers the properties that send the service's mail to it, the worker polling often so
     * that a mail arrives a moment after the request that queued it.
     */
    public Map<String, String> start() {
        smtp.start();
        return Map.of("auth.mail.smtp.host", "127.0.0.1",
                "auth.mail.smtp.port", Integer.toString(smtp.getSmtp().getPort()),
                "auth.mail.smtp.tls", "none",
                "auth.mail.from", "no-reply@example.test",
                "auth.mail.worker.interval", "200ms");
    }

    public void stop() {
        smtp.stop();
    }

    /**
     * The link in the {@code nth} mail (from 1, in the order received) to {@code recipient} with {@code subject},
     * waiting for it: the worker sends it a moment after it is queued.
     */
    public String linkOfMail(String recipient, String subject, int nth) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(15);
        List<MimeMessage> mails = mailsTo(recipient, subject);
        while (mails.size() < nth && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            mails = mailsTo(recipient, subject);
        }
        assertTrue(mails.size() >= nth, "no mail " + nth + " \"" + subject + "\" to " + recipient);
        // Quoted-printable: the soft line breaks and the encoded '=' of a long link.
        String body = GreenMailUtil.getBody(mails.get(nth - 1)).replace("=\r\n", "").replace("=3D", "=");
        Matcher link = LINK.matcher(body);
        assertTrue(link.find(), body);
        return link.group();
    }

    private List<MimeMessage> mailsTo(String recipient, String subject) {
        return Arrays.stream(smtp.getReceivedMessages()).filter(mail -> {
            try {
                return subject.equals(mail.getSubject())
                        && Arrays.stream(mail.getRecipients(Message.RecipientType.TO))
                        .anyMatch(to -> to.toString().equals(recipient));
            } catch (MessagingException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }
}
