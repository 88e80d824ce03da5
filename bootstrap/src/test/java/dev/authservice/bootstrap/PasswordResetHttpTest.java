package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserId;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A forgotten password over real HTTP against the whole service: the link is read from the mail the request queued
 * in the outbox (an SMTP server that never answers keeps it there), and its token resets the password once.
 */
@MicronautTest(transactional = false, environments = "mail-kept")
@Property(name = "auth.password-reset.max-requests-per-account", value = "4")
@Property(name = "auth.password-reset.max-requests-per-address", value = "1000")
class PasswordResetHttpTest {

    private static final String REQUESTS = "/api/password-reset/requests";
    private static final String RESET = "/api/password-reset";
    private static final Pattern LINK = Pattern.compile("https://auth\\.example\\.test/#reset-password=([A-Za-z0-9_-]+)");
    private static final String SUBJECT = "Reset your password";
    private static final String NEW_PASSWORD = "copper kettles sing at dawn";

    @Inject
    EmbeddedServer server;
    @Inject
    QueuedMail mail;
    @Inject
    UserStore users;

    private Http http;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
    }

    @Test
    void aliceResetsHerPasswordThroughTheMailedLinkOnceAndEverySessionEnds() {
        String oldRefresh = http.logIn("alice", "alice-password").refreshToken();

        Http.Answer requested = http.postJson(REQUESTS, "{\"username\": \"alice\"}");
        assertEquals(202, requested.status(), requested.toString());
        String token = tokenMailedTo("alice@example.com", 1);

        Http.Answer reset = resetWith(token, NEW_PASSWORD);
        assertEquals(204, reset.status(), reset.toString());

        assertError(http.refresh(oldRefresh), 401, "INVALID_REFRESH_TOKEN");
        assertEquals(401, http.logIn("alice", "alice-password").status());
        assertEquals(200, http.logIn("alice", NEW_PASSWORD).status());
        assertError(resetWith(token, "another long passphrase here"), 400, "RESET_TOKEN_INVALID");
    }

    @Test
    void aSecondRequestVoidsTheFirstLink() {
        TestUser user = verifiedUser();
        http.postJson(REQUESTS, "{\"email\": \"" + user.username() + "@Example.TEST\"}");
        String first = tokenMailedTo(user.username() + "@example.test", 1);
        http.postJson(REQUESTS, "{\"username\": \"" + user.username() + "\"}");
        String second = tokenMailedTo(user.username() + "@example.test", 2);

        assertError(resetWith(first, NEW_PASSWORD), 400, "RESET_TOKEN_INVALID");
        assertEquals(204, resetWith(second, NEW_PASSWORD).status());
    }

    @Test
    void anUnknownNameGetsTheSameAnswerAndNoMail() {
        int before = mailsTo(Optional.empty()).size();
        Http.Answer unknown = http.postJson(REQUESTS, "{\"username\": \"nobody-at-all\"}");
        Http.Answer unknownAddress = http.postJson(REQUESTS, "{\"email\": \"nobody@example.test\"}");

        assertEquals(202, unknown.status());
        assertEquals("", unknown.body());
        assertEquals(202, unknownAddress.status());
        sleep(Duration.ofMillis(500));
        assertEquals(before, mailsTo(Optional.empty()).size());
    }

    @Test
    void aWeakPasswordIsRefusedByThePolicyAndTheLinkStaysGood() {
        TestUser user = verifiedUser();
        http.postJson(REQUESTS, "{\"username\": \"" + user.username() + "\"}");
        String token = tokenMailedTo(user.username() + "@example.test", 1);

        assertError(resetWith(token, "short"), 400, "WEAK_PASSWORD");
        assertEquals(204, resetWith(token, NEW_PASSWORD).status());
    }

    /** The reset sets the password; the second factor stays, and the next login asks for it. */
    @Test
    void aUserWithATotpStillNeedsItAfterAReset() {
        TestUser user = verifiedUser();
        Http.Answer enrolment = http.post("/api/user/second-factor/totp", "", "Authorization", user.bearer());
        Authenticator app = Authenticator.of((String) enrolment.data().get("secret"));
        assertEquals(200, http.postJson("/api/user/second-factor/totp/confirm", "{\"code\": \""
                + app.code(Authenticator.stepNow()) + "\"}", "Authorization", user.bearer()).status());

        http.postJson(REQUESTS, "{\"username\": \"" + user.username() + "\"}");
        assertEquals(204, resetWith(tokenMailedTo(user.username() + "@example.test", 1), NEW_PASSWORD).status());

        Http.Answer login = http.logIn(user.username(), NEW_PASSWORD);
        assertEquals(401, login.status(), login.toString());
        assertEquals("SECOND_FACTOR_REQUIRED", login.errorCode());
        assertEquals(List.of(), login.setCookies(), "no tokens before the second factor");
    }

    @Test
    void theFifthRequestOfTheWindowForOneNameIsThrottledWithRetryAfter() {
        for (int i = 0; i < 4; i++) {
            assertEquals(202, http.postJson(REQUESTS, "{\"username\": \"throttled-name\"}").status());
        }
        Http.Answer throttled = http.postJson(REQUESTS, "{\"username\": \"throttled-name\"}");
        assertError(throttled, 429, "RESET_THROTTLED");
        long retryAfter = Long.parseLong(throttled.header("Retry-After").orElseThrow());
        assertTrue(retryAfter > 3_500 && retryAfter <= 3_600, "Retry-After: " + retryAfter);
    }

    @Test
    void badBodiesAreInvalidInput() {
        assertError(http.postJson(REQUESTS, "{\"username\": \"alice\", \"email\": \"alice@example.com\"}"), 400,
                "INVALID_INPUT");
        assertError(http.postJson(REQUESTS, "{}"), 400, "INVALID_INPUT");
        assertError(http.postJson(REQUESTS, "{\"username\": "), 400, "INVALID_INPUT");
        assertError(http.postJson(RESET, "{\"token\": \"x\"}"), 400, "INVALID_INPUT");
        assertError(resetWith("not-a-token", NEW_PASSWORD), 400, "RESET_TOKEN_INVALID");
    }

    private Http.Answer resetWith(String token, String password) {
        return http.postJson(RESET, "{\"token\": \"" + token + "\", \"newPassword\": \"" + password + "\"}");
    }

    /** A new user whose address {@code <username>@example.test} is verified, as only the demo data's are today. */
    private TestUser verifiedUser() {
        TestUser user = TestUser.create(http);
        users.setEmail(UserId.of(user.userId()), Optional.of(new AccountEmail(
                new EmailAddress(user.username() + "@example.test"), true)));
        assertEquals(true, http.get("/api/user/email", "Authorization", user.bearer()).data().get("emailVerified"));
        return user;
    }

    /** The token of the {@code nth} mail to {@code address}, waiting for it: the mail is queued after the answer. */
    private String tokenMailedTo(String address, int nth) {
        return mail.tokenMailedTo(address, SUBJECT, LINK, nth);
    }

    /** The bodies of the reset mails queued to {@code address}, or to anyone, oldest first. */
    private List<String> mailsTo(Optional<String> address) {
        return mail.bodies(SUBJECT, address);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
