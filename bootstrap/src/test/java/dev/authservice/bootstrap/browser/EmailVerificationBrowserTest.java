package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.MailCatcher;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.net.URI;
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

    private final MailCatcher mails = new MailCatcher();

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        return mails.start();
    }

    @AfterAll
    void stopSmtp() {
        mails.stop();
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
     * The path and fragment of the link in the {@code nth} verification mail received for the new address. The link
     * points at this service.
     */
    private String linkOfMail(int nth) throws Exception {
        String mailed = mails.linkOfMail(NEW_ADDRESS, "Confirm your email address", nth);
        Matcher link = LINK.matcher(mailed);
        assertTrue(link.matches(), mailed);
        assertEquals(server.getURI(), URI.create(link.group(1)), "the link points at this service");
        return "/#verify-email=" + link.group(2);
    }
}
