package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.MailCatcher;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.util.HashMap;
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

    private final MailCatcher mails = new MailCatcher();
    private final String username = "carol-" + UUID.randomUUID().toString().substring(0, 6);
    private final String address = username + "@example.org";

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(mails.start());
        properties.put("auth.sign-up.enabled", "true");
        properties.put("auth.public-url", "http://localhost:1");
        return properties;
    }

    @AfterAll
    void stopSmtp() {
        mails.stop();
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

    /** The path and fragment of the link in the {@code nth} verification mail received for the address. */
    private String linkOfMail(int nth) throws Exception {
        String mailed = mails.linkOfMail(address, "Confirm your email address", nth);
        Matcher link = LINK.matcher(mailed);
        assertTrue(link.matches(), mailed);
        assertEquals("http://localhost:1", link.group(1), "the link points at the public URL");
        return "/#verify-email=" + link.group(2);
    }
}
