package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An address verified over real HTTP against the whole service: a new address is mailed a link (read from the
 * outbox: an SMTP server that never answers keeps the mail there), and its token verifies the address once.
 */
@MicronautTest(transactional = false, environments = "mail-kept")
@Property(name = "auth.password-reset.max-requests-per-account", value = "2")
@Property(name = "auth.password-reset.max-requests-per-address", value = "1000")
class EmailVerificationHttpTest {

    private static final String VERIFY = "/api/email-verification";
    private static final String AGAIN = "/api/user/email/verification-mail";
    private static final Pattern LINK = Pattern.compile("https://auth\\.example\\.test/#verify-email=([A-Za-z0-9_-]+)");

    @Inject
    EmbeddedServer server;
    @Inject
    QueuedMail mail;

    private Http http;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
    }

    @Test
    void aNewAddressIsMailedALinkThatVerifiesItOnce() {
        TestUser user = TestUser.create(http);
        String address = user.username() + "@example.test";
        assertEquals(204, http.putJson("/api/user/email", "{\"email\": \"" + address + "\"}",
                "Authorization", user.bearer()).status());
        assertEquals(Map.of("email", address, "emailVerified", false), emailOf(user));

        String token = tokenMailedTo(address, 1);
        Http.Answer verified = verify(token);
        assertEquals(204, verified.status(), verified.toString());

        assertEquals(Map.of("email", address, "emailVerified", true), emailOf(user));
        assertError(verify(token), 400, "VERIFICATION_TOKEN_INVALID");
    }

    @Test
    void aLinkToAnAddressChangedSinceVerifiesNothing() {
        TestUser user = TestUser.create(http);
        String first = user.username() + "@example.test";
        String second = user.username() + "@example.org";
        http.putJson("/api/user/email", "{\"email\": \"" + first + "\"}", "Authorization", user.bearer());
        String token = tokenMailedTo(first, 1);
        http.putJson("/api/user/email", "{\"email\": \"" + second + "\"}", "Authorization", user.bearer());

        assertError(verify(token), 400, "VERIFICATION_TOKEN_INVALID");
        assertEquals(false, emailOf(user).get("emailVerified"));
        assertEquals(204, verify(tokenMailedTo(second, 1)).status());
    }

    @Test
    void anAddressSetByAnAdministratorIsMailedALinkToo() {
        TestUser user = TestUser.create(http);
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        String address = user.username() + "@admin.example.test";
        assertEquals(204, http.putJson("/api/admin/users/" + user.userId() + "/email",
                "{\"email\": \"" + address + "\"}", "Authorization", admin).status());

        assertEquals(204, verify(tokenMailedTo(address, 1)).status());
        assertEquals(true, emailOf(user).get("emailVerified"));
    }

    @Test
    void theUserAsksForTheLinkAgainWithinTheLimitsAndTheOldOneIsVoid() {
        TestUser user = TestUser.create(http);
        String address = user.username() + "@example.test";
        http.putJson("/api/user/email", "{\"email\": \"" + address + "\"}", "Authorization", user.bearer());
        String first = tokenMailedTo(address, 1);

        assertEquals(202, http.post(AGAIN, "", "Authorization", user.bearer()).status());
        assertEquals(202, http.post(AGAIN, "", "Authorization", user.bearer()).status());
        Http.Answer throttled = http.post(AGAIN, "", "Authorization", user.bearer());
        assertError(throttled, 429, "VERIFICATION_MAIL_THROTTLED");
        long retryAfter = Long.parseLong(throttled.header("Retry-After").orElseThrow());
        assertTrue(retryAfter > 3_500 && retryAfter <= 3_600, "Retry-After: " + retryAfter);

        assertError(verify(first), 400, "VERIFICATION_TOKEN_INVALID");
        assertEquals(204, verify(tokenMailedTo(address, 3)).status());
        assertError(http.post(AGAIN, "", "Authorization", user.bearer()), 409, "EMAIL_ALREADY_VERIFIED");
    }

    @Test
    void anAccountWithoutAnAddressHasNothingToVerifyAndTheLinkAgainNeedsASession() {
        TestUser user = TestUser.create(http);
        assertError(http.post(AGAIN, "", "Authorization", user.bearer()), 409, "NO_EMAIL_ADDRESS");
        assertEquals(401, http.post(AGAIN, "").status());
    }

    @Test
    void ofOneTokenPostedFromSeveralThreadsAtOnceOneVerifies() throws Exception {
        TestUser user = TestUser.create(http);
        String address = user.username() + "@example.test";
        http.putJson("/api/user/email", "{\"email\": \"" + address + "\"}", "Authorization", user.bearer());
        String token = tokenMailedTo(address, 1);

        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                statuses.add(pool.submit(() -> {
                    start.await();
                    return verify(token).status();
                }));
            }
            start.countDown();
            List<Integer> answered = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                answered.add(status.get());
            }
            assertEquals(1, answered.stream().filter(status -> status == 204).count(), answered.toString());
            assertEquals(threads - 1, answered.stream().filter(status -> status == 400).count(), answered.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void badBodiesAreInvalidInputAndUnknownTokensOneAnswer() {
        assertError(http.postJson(VERIFY, "{}"), 400, "INVALID_INPUT");
        assertError(http.postJson(VERIFY, "{\"token\": "), 400, "INVALID_INPUT");
        assertError(verify("not-a-token"), 400, "VERIFICATION_TOKEN_INVALID");
    }

    private Http.Answer verify(String token) {
        return http.postJson(VERIFY, "{\"token\": \"" + token + "\"}");
    }

    private Map<String, Object> emailOf(TestUser user) {
        return http.get("/api/user/email", "Authorization", user.bearer()).data();
    }

    /** The token of the {@code nth} verification mail to {@code address}, queued with the change. */
    private String tokenMailedTo(String address, int nth) {
        return mail.tokenMailedTo(address, "Confirm your email address", LINK, nth);
    }
}
