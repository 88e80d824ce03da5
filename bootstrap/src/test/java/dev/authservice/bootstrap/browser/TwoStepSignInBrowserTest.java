package dev.authservice.bootstrap.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.bootstrap.Authenticator;
import dev.authservice.bootstrap.Http;
import dev.authservice.bootstrap.TestUser;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The "Two-step sign-in" panel of the browser client in Chromium: turning a TOTP on with the key the page shows (its
 * codes computed here, by {@link Authenticator}, as an app would), keeping the recovery codes, signing in with a code
 * or a recovery code, new recovery codes, turning it off. Each test has a user of its own.
 */
@MicronautTest
@Property(name = RequestLog.ENABLED, value = "true")
class TwoStepSignInBrowserTest {

    private static final String RECOVERY_CODE = "[A-Z2-7]{5}-[A-Z2-7]{5}";

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Inject
    EmbeddedServer server;

    @Inject
    RequestLog log;

    private Http api;
    private WebClient page;
    private TestUser user;

    @BeforeEach
    void openTheClient() {
        log.clear();
        api = new Http(server.getURI());
        user = TestUser.create(api);
        page = new WebClient(browsers.open(server.getURI()));
    }

    private void signIn() {
        page.signIn(user.username(), TestUser.PASSWORD);
    }

    /** Turns two-step sign-in on through the page; answers the app that holds the key, and the step it confirmed. */
    private Enrolled enrol() {
        page.waitForTwoStep("Off");
        Authenticator app = Authenticator.of(page.turnOnTwoStep());
        long step = Authenticator.stepNow();
        page.confirmTotp(app.code(step));
        return new Enrolled(app, step, page.waitForRecoveryCodes());
    }

    private record Enrolled(Authenticator app, long step, List<String> recoveryCodes) {
    }

    @Test
    void turnedOnWithTheQrCodesKeyTheNextSignInAsksForACodeAndTheSecondFactorTurnsOff() {
        signIn();
        page.waitForTwoStep("Off");
        Authenticator app = Authenticator.of(page.turnOnTwoStep());
        assertTrue(page.qrCodeSource().startsWith("data:image/svg+xml;base64,"), page.qrCodeSource());
        assertTrue(page.showsQrCode(), "the QR code is drawn under the page's CSP");

        // A wrong code is about what was typed: asked again, with no refresh and no retry.
        long step = Authenticator.stepNow();
        log.clear();
        page.confirmTotp(app.code(step - 10));
        page.waitForTwoStepMessage("That code is not right. Enter the one the app shows now.");
        assertEquals(1, log.count("POST", "/api/user/second-factor/totp/confirm", 401), log.entries().toString());
        assertEquals(0, log.count("POST", "/api/refresh"), log.entries().toString());

        page.confirmTotp(app.code(step));
        List<String> codes = page.waitForRecoveryCodes();
        assertTrue(codes.stream().allMatch(code -> code.matches(RECOVERY_CODE)), codes.toString());
        assertEquals(10, codes.stream().distinct().count(), codes.toString());
        List<String> file = page.recoveryCodesFile();
        assertEquals("auth-service-recovery-codes.txt", file.get(0));
        assertTrue(file.get(1).contains(user.username()), file.get(1));
        assertEquals(codes, file.get(1).lines().filter(line -> line.matches(RECOVERY_CODE)).toList(), file.get(1));
        page.doneWithRecoveryCodes();
        page.waitForTwoStep("On");
        assertTrue(page.twoStepDetails().endsWith("10 recovery codes left."), page.twoStepDetails());
        assertEquals(List.of(), page.browser().texts("#recovery-codes li"), "the codes are shown once");

        page.logOut();
        page.waitForLoginForm("You are signed out.");
        page.submitLogin(user.username(), TestUser.PASSWORD);
        page.waitForSecondFactor("Enter the code your authenticator app shows now.");
        page.submitSecondFactor(app.code(Math.max(step + 1, Authenticator.stepNow())));
        page.browser().waitForText("#profile-username", user.username());
        page.waitForTwoStep("On");

        // Signed in moments ago, so this session proved who its user is recently: nothing more is asked.
        log.clear();
        page.turnOffTwoStep();
        page.waitForTwoStep("Off");
        assertEquals(List.of("DELETE /api/user/second-factor/totp 204"),
                log.entries().stream().map(RequestLog.Entry::toString)
                        .filter(entry -> entry.startsWith("DELETE")).toList());
        assertEquals(200, api.logIn(user.username(), TestUser.PASSWORD).status(), "the password alone signs in again");
        assertTrue(page.browser().consoleMessages().stream().noneMatch(m -> m.contains("Content Security Policy")),
                "nothing the CSP had to block: " + page.browser().consoleMessages());
    }

    @Test
    void aKeptRecoveryCodeSignsInOnceAndNewOnesReplaceTheRest() {
        signIn();
        Enrolled enrolled = enrol();
        page.doneWithRecoveryCodes();
        page.waitForTwoStep("On");

        page.logOut();
        page.waitForLoginForm("You are signed out.");
        page.submitLogin(user.username(), TestUser.PASSWORD);
        page.waitForSecondFactor("Enter the code your authenticator app shows now.");
        page.submitSecondFactor(enrolled.recoveryCodes().get(3).toLowerCase());
        page.browser().waitForText("#profile-username", user.username());
        page.waitForTwoStep("On");
        assertTrue(page.twoStepDetails().endsWith("9 recovery codes left."), page.twoStepDetails());

        page.renewRecoveryCodes();
        List<String> renewed = page.waitForRecoveryCodes();
        assertTrue(renewed.stream().noneMatch(enrolled.recoveryCodes()::contains), renewed.toString());
        page.doneWithRecoveryCodes();
        page.waitForTwoStep("On");
        assertTrue(page.twoStepDetails().endsWith("10 recovery codes left."), page.twoStepDetails());
    }

    /** The secret and the recovery codes are gone from the page once the user signs out. */
    @Test
    void signingOutLeavesNoRecoveryCodeInThePage() {
        signIn();
        enrol();

        page.logOut();
        page.waitForLoginForm("You are signed out.");

        assertEquals(0L, page.browser().script("return document.querySelectorAll('#recovery-codes li').length"));
        assertEquals("", page.browser().script("return document.getElementById('totp-secret').textContent"));
    }
}
