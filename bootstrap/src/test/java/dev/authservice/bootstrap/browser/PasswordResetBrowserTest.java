package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.QueuedMail;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A forgotten password in Chromium: "Forgot your password?" asks for a link, and the page opened from the mailed link
 * takes the token from its fragment, clears the address bar and sets the new password. The link is read from the
 * mail queued in the outbox (an SMTP server that never answers keeps it there).
 */
@MicronautTest(transactional = false, environments = "mail-kept")
class PasswordResetBrowserTest {

    private static final Pattern LINK = Pattern.compile("/#reset-password=([A-Za-z0-9_-]+)");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Inject
    QueuedMail mail;

    @Test
    void aliceAsksForALinkAndSetsANewPasswordThroughIt() throws Exception {
        WebClient page = new WebClient(browsers.open(server.getURI()));
        page.open();
        page.browser().click("#forgot-password");
        page.browser().type("#reset-identifier", "alice");
        page.browser().click("#reset-request-submit");
        page.waitForLoginForm("If that account has a verified email address, a link to reset its password is on its "
                + "way. It works once, for a short while.");

        page.browser().go("/#reset-password=" + tokenMailedToAlice());
        page.browser().visible("#reset-form");
        assertEquals("", page.browser().script("return location.hash"), "the token is gone from the address bar");
        page.browser().type("#new-password", "short");
        page.browser().type("#new-password-again", "short");
        page.browser().click("#reset-submit");
        page.browser().visible("#reset-message");
        assertTrue(page.browser().text("#reset-message").contains("characters"), page.browser().text("#reset-message"));
        page.browser().type("#new-password", "copper kettles sing at dawn");
        page.browser().type("#new-password-again", "copper kettles sing at dawn");
        page.browser().click("#reset-submit");
        page.waitForLoginForm("Your password is set, and every session of your account has ended. Sign in with it.");

        page.submitLogin("alice", "copper kettles sing at dawn");
        page.waitForSignedIn("alice");
    }

    private String tokenMailedToAlice() {
        return mail.tokenMailedTo("alice@example.com", "Reset your password", LINK, 1);
    }
}
