package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Anyone may ask for passkey login options, and each answer keeps a challenge until it is answered or expires: a
 * client address gets only so many at a time (here 20, to be quick). A context of its own, for the challenges it
 * leaves open would hold its client back in any other test for minutes; the clients are told apart by a trusted
 * proxy's {@code X-Forwarded-For}.
 */
@MicronautTest
@Property(name = "auth.client-address.trusted-proxies", value = "127.0.0.0/8,::1")
@Property(name = "auth.webauthn.max-open-challenges-per-address", value = "20")
class PasskeyLoginChallengeLimitHttpTest {

    private static final String OPTIONS = "/api/login/passkey/options";
    private static final int MAX = 20;

    @Inject
    EmbeddedServer server;

    @Inject
    PasskeyChallengeStore challenges;

    @Test
    void aClientHoldingAsManyUnansweredChallengesAsItMayIsToldWhenToComeBackAndNoMoreIsStored() {
        Http http = new Http(server.getURI());
        String client = "2001:db8:5:0::1";
        Instant first = Instant.now();
        for (int i = 0; i < MAX; i++) {
            Http.Answer options = http.postJson(OPTIONS, "{}", "X-Forwarded-For", client);
            assertEquals(200, options.status(), options.toString());
        }

        // Another address of the same /64 is the same client, as the login throttle counts it.
        Http.Answer refused = http.postJson(OPTIONS, "{}", "X-Forwarded-For", "2001:db8:5:0::2");
        assertEquals(429, refused.status(), refused.toString());
        assertEquals("TOO_MANY_PASSKEY_CHALLENGES", refused.errorCode());
        long retryAfter = Long.parseLong(refused.header("Retry-After").orElseThrow());
        long sinceFirst = Duration.between(first, Instant.now()).toSeconds();
        assertTrue(retryAfter >= 299 - sinceFirst && retryAfter <= 300, "Retry-After " + retryAfter);
        PasskeyLoginChallenge oneMore = PasskeyLoginChallenge.issue(ByteString.of(new byte[32]), Optional.empty(),
                new ClientAddress(client), Instant.now());
        assertEquals(Optional.empty(), challenges.issueForLogin(oneMore, new OpenPerAddressLimit(MAX + 1)),
                "nothing more stored: room for one more under a limit one higher");
        assertEquals(200, http.postJson(OPTIONS, "{}", "X-Forwarded-For", "2001:db8:6:0::1").status(),
                "another client");
    }
}
