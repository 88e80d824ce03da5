package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Username;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sign-up over real HTTP against the whole service: the answers tell no one which names and addresses are taken, the
 * mails (read from the outbox: an SMTP server that never answers keeps them there) say what happened, and a pending
 * account logs in once its link is followed.
 */
@MicronautTest(transactional = false, environments = "mail-kept")
@Property(name = "auth.sign-up.enabled", value = "true")
@Property(name = "auth.password-reset.max-requests-per-account", value = "3")
@Property(name = "auth.password-reset.max-requests-per-address", value = "1000")
class SignUpHttpTest {

    private static final String SIGN_UP = "/api/sign-up";
    private static final String AGAIN = "/api/sign-up/verification-mail";
    private static final String PASSWORD = "violet lamps over a quiet harbor";
    private static final Pattern LINK = Pattern.compile("https://auth\\.example\\.test/#verify-email=([A-Za-z0-9_-]+)");

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
    void aFreshNameATakenNameAndATakenAddressGetByteIdenticalAnswers() {
        String fresh = fresh();
        Http.Answer free = signUp(fresh, fresh + "@example.test", PASSWORD);
        Http.Answer takenName = signUp("alice", fresh() + "@example.test", PASSWORD);
        Http.Answer takenAddress = signUp(fresh(), "alice@example.com", PASSWORD);

        assertEquals(202, free.status(), free.toString());
        for (Http.Answer other : List.of(takenName, takenAddress)) {
            assertEquals(free.status(), other.status());
            assertEquals(headersButDate(free), headersButDate(other));
            assertEquals(free.body(), other.body());
        }
        assertEquals("", free.body());
    }

    @Test
    void aNewAccountCannotLogInUntilItsLinkIsFollowedThenItCan() {
        String name = fresh();
        String address = name + "@example.test";
        assertEquals(202, signUp(name, address, PASSWORD).status());
        String first = tokenMailedTo(address, "Confirm your email address", 1);

        assertError(http.logIn(name, "not the password at all"), 401, "INVALID_CREDENTIALS");
        assertError(http.logIn(name, PASSWORD), 403, "EMAIL_NOT_VERIFIED");

        assertEquals(202, http.postJson(AGAIN, "{\"identifier\": \"" + name + "\"}").status());
        String second = tokenMailedTo(address, "Confirm your email address", 2);
        assertError(http.postJson("/api/email-verification", "{\"token\": \"" + first + "\"}"), 400,
                "VERIFICATION_TOKEN_INVALID");
        assertEquals(204, http.postJson("/api/email-verification", "{\"token\": \"" + second + "\"}").status());

        Http.Answer login = http.logIn(name, PASSWORD);
        assertEquals(200, login.status(), login.toString());
        assertEquals(Map.of("email", address, "emailVerified", true),
                http.get("/api/user/email", "Authorization", "Bearer " + login.accessToken()).data());
    }

    @Test
    void aTakenAddressIsToldAndATakenNameIsToldAtTheFreeAddress() {
        String name = fresh();
        signUp(name, "bob@example.com", PASSWORD);
        assertTrue(bodyMailedTo("bob@example.com", "Someone tried to sign up with your address").contains(
                "Forgot your password?"));
        String address = fresh() + "@example.test";
        signUp("bob", address, PASSWORD);
        assertTrue(bodyMailedTo(address, "That username is taken").contains("bob"));
        assertTrue(users.findByUsername(new Username(name)).isEmpty());
        assertTrue(users.findByEmail(new EmailAddress(address)).isEmpty());
    }

    @Test
    void theLinkAgainAnswersTheSameWhoeverItNamesAndIsLimited() {
        Http.Answer unknown = http.postJson(AGAIN, "{\"identifier\": \"nobody-" + fresh() + "\"}");
        Http.Answer verified = http.postJson(AGAIN, "{\"identifier\": \"alice\"}");
        assertEquals(202, unknown.status());
        assertEquals(headersButDate(unknown), headersButDate(verified));
        assertEquals(unknown.body(), verified.body());

        String name = "limited-" + fresh();
        for (int i = 0; i < 3; i++) {
            assertEquals(202, http.postJson(AGAIN, "{\"identifier\": \"" + name + "\"}").status());
        }
        Http.Answer throttled = http.postJson(AGAIN, "{\"identifier\": \"" + name + "\"}");
        assertError(throttled, 429, "SIGN_UP_THROTTLED");
        assertTrue(throttled.header("Retry-After").isPresent());
    }

    @Test
    void badInputIs400WithTheUsualCodesAndStoresNothing() {
        String name = fresh();
        assertError(signUp(name, "not-an-address", PASSWORD), 400, "INVALID_INPUT");
        assertError(signUp(name, name + "@example.test", "short"), 400, "WEAK_PASSWORD");
        assertError(signUp(name, name + "@example.test", name + " is my password"), 400, "WEAK_PASSWORD");
        assertError(http.postJson(SIGN_UP, "{\"username\": \"" + name + "\"}"), 400, "INVALID_INPUT");
        assertTrue(users.findByUsername(new Username(name)).isEmpty());
        assertEquals(204, http.get(SIGN_UP).status(), "sign-up is on here");
    }

    private Http.Answer signUp(String username, String email, String password) {
        return http.postJson(SIGN_UP, "{\"username\": \"" + username + "\", \"email\": \"" + email
                + "\", \"password\": \"" + password + "\"}");
    }

    private static String fresh() {
        return "u" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Map<String, List<String>> headersButDate(Http.Answer answer) {
        Map<String, List<String>> headers = new TreeMap<>(answer.response().headers().map());
        headers.keySet().removeIf(name -> name.equalsIgnoreCase("date"));
        return headers;
    }

    private String tokenMailedTo(String address, String subject, int nth) {
        return mail.tokenMailedTo(address, subject, LINK, nth);
    }

    /** The body of the first mail to {@code address} with {@code subject}, waiting for it: it follows the answer. */
    private String bodyMailedTo(String address, String subject) {
        return mail.waitForBodies(address, subject, 1).get(0);
    }
}
