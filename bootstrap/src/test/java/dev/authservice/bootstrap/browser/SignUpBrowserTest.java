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
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Sign-up in Chromium: "Create an account" on the sign-in card, the mail GreenMail receives over SMTP, a sign-in
 * refused until the address is verified with "Send the link again", the newest link followed, then a sign-in.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SignUpBrowserTest implements TestPropertyProvider {

    private static final String PASSWORD = "violet lamps over a quiet harbor";
    private static final Pattern LINK = Pattern.compile("(http://\\S+)/#verify-email=([A-Za-z0-9_-]+)");

    private final GreenMail smtp = new GreenMail(new ServerSetup(freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    private final String username = "carol-" + UUID.randomUUID().toString().substring(0, 6);
    private final String address = username + "@example.org";

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        smtp.start();
        return Map.of("auth.sign-up.enabled", "true",
                "auth.mail.smtp.host", "127.0.0.1",
                "auth.mail.smtp.port", Integer.toString(smtp.getSmtp().getPort()),
                "auth.mail.smtp.tls", "none",
                "auth.mail.from", "no-reply@example.test",
                "auth.mail.worker.interval", "200ms",
                "auth.public-url", "http://localhost:1");
    }

    @AfterAll
    void stopSmtp() {
        smtp.stop();
    }

    @Test
    void carolSignsUpFollowsTheMailedLinkAndSignsIn() throws Exception {
        WebClient page = new WebClient(browsers.open(server.getURI()));
        page.open();
        page.browser().click("#sign-up-open");
        page.browser().type("#sign-up-username", username);
        page.browser().type("#sign-up-email", address);
        page.browser().type("#sign-up-password", PASSWORD);
        page.browser().click("#sign-up-submit");
        page.browser().waitForText("#login-message",
                "A mail is on its way to " + address + ". Follow its link to finish, then sign in here.");
        linkOfMail(1);

        page.submitLogin(username, PASSWORD);
        page.browser().waitForText("#login-message",
                "Your email address is not verified yet: follow the link mailed to it, then sign in.");
        page.browser().click("#sign-up-mail-again");
        page.browser().waitForText("#login-message",
                "If that account is waiting for its address to be verified, a new link is on its way.");
        String second = linkOfMail(2);

        page.browser().go(second);
        page.browser().waitForText("#verify-message", "Your email address is verified.");
        page.browser().click("#verify-continue");
        page.browser().visible("#login-form");
        page.submitLogin(username, PASSWORD);
        page.waitForSignedIn(username);
        page.browser().waitForText("#email-state", "Verified");
    }

    /** The path and fragment of the link in the {@code nth} verification mail GreenMail received for the address. */
    private String linkOfMail(int nth) throws Exception {
        Instant deadline = Instant.now().plusSeconds(15);
        List<MimeMessage> mails = verificationMails();
        while (mails.size() < nth && Instant.now().isBefore(deadline)) {
            Thread.sleep(100);
            mails = verificationMails();
        }
        assertTrue(mails.size() >= nth, "no verification mail " + nth + " to " + address);
        String body = GreenMailUtil.getBody(mails.get(nth - 1)).replace("=\r\n", "").replace("=3D", "=");
        Matcher link = LINK.matcher(body);
        assertTrue(link.find(), body);
        assertEquals("http://localhost:1", link.group(1), "the link points at the public URL");
        return "/#verify-email=" + link.group(2);
    }

    private List<MimeMessage> verificationMails() {
        return Arrays.stream(smtp.getReceivedMessages()).filter(mail -> {
            try {
                return "Confirm your email address".equals(mail.getSubject())
                        && Arrays.stream(mail.getRecipients(Message.RecipientType.TO))
                        .anyMatch(to -> to.toString().equals(address));
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
