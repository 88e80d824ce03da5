package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An address changed and verified in Chromium: alice changes hers in the profile, asks for the link again, and follows
 * the links of the mails GreenMail received over SMTP: the older one is no longer good, the newer verifies the
 * address. With no public URL configured, the links point at the address the service listens on.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmailVerificationBrowserTest implements TestPropertyProvider {

    private static final String NEW_ADDRESS = "alice.new@example.org";
    private static final Pattern LINK = Pattern.compile("(http://\\S+)/#verify-email=([A-Za-z0-9_-]+)");

    private final GreenMail smtp = new GreenMail(new ServerSetup(freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        smtp.start();
        return Map.of("auth.mail.smtp.host", "127.0.0.1",
                "auth.mail.smtp.port", Integer.toString(smtp.getSmtp().getPort()),
                "auth.mail.smtp.tls", "none",
                "auth.mail.from", "no-reply@example.test",
                "auth.mail.worker.interval", "200ms");
    }

    @AfterAll
    void stopSmtp() {
        smtp.stop();
    }

    @Test
    void aliceChangesHerAddressAndVerifiesItThroughTheNewestMailedLink() throws Exception {
        WebClient page = new WebClient(browsers.open(server.getURI()));
        page.signIn("alice", "alice-password");
        page.waitForSignedIn("alice");
        page.browser().waitForText("#email-address", "alice@example.com");
        page.browser().waitForText("#email-state", "Verified");

        page.browser().click("#email-change");
        page.browser().type("#email-new", NEW_ADDRESS);
        page.browser().click("#email-change-submit");
        page.browser().waitForText("#email-message",
                "Your email address is saved. A link that verifies it is on its way to it.");
        page.browser().waitForText("#email-address", NEW_ADDRESS);
        page.browser().waitForText("#email-state", "Not verified");
        String first = linkOfMail(1);

        page.browser().click("#email-send-again");
        page.browser().waitForText("#email-message",
                "A new link is on its way to your address. The one before no longer works.");
        String second = linkOfMail(2);

        page.browser().go(first);
        page.browser().waitForText("#verify-message", "That link is no longer good: it was used, a newer one was "
                + "sent, it expired, or the address changed. Sign in and ask for a new one.");
        assertEquals("", page.browser().script("return location.hash"), "the token is gone from the address bar");

        page.browser().go(second);
        page.browser().waitForText("#verify-message", "Your email address is verified.");
        page.browser().click("#verify-continue");
        page.waitForSignedIn("alice");
        page.browser().waitForText("#email-state", "Verified");
        assertTrue(!page.browser().isShown("#email-send-again"), "nothing left to send");
    }

    /**
     * The path and fragment of the link in the {@code nth} verification mail GreenMail received for the new address,
     * waiting for it: the outbox's worker sends it a moment after the change. The link points at this service.
     */
    private String linkOfMail(int nth) throws Exception {
        Instant deadline = Instant.now().plusSeconds(15);
        List<MimeMessage> mails = verificationMails();
        while (mails.size() < nth && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            mails = verificationMails();
        }
        assertTrue(mails.size() >= nth, "no verification mail " + nth + " to " + NEW_ADDRESS);
        String body = GreenMailUtil.getBody(mails.get(nth - 1)).replace("=\r\n", "").replace("=3D", "=");
        Matcher link = LINK.matcher(body);
        assertTrue(link.find(), body);
        assertEquals(server.getURI(), URI.create(link.group(1)), "the link points at this service");
        return "/#verify-email=" + link.group(2);
    }

    private List<MimeMessage> verificationMails() {
        return Arrays.stream(smtp.getReceivedMessages()).filter(mail -> {
            try {
                return "Confirm your email address".equals(mail.getSubject())
                        && Arrays.stream(mail.getRecipients(Message.RecipientType.TO))
                        .anyMatch(to -> to.toString().equals(NEW_ADDRESS));
            } catch (jakarta.mail.MessagingException e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
