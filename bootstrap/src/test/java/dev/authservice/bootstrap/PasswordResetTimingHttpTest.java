package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reset request's answer tells no one whether the name it gave has an account, neither by what it says nor by how
 * long it takes: requests for alice and bob (verified addresses) and for names nobody has, in turn on one connection,
 * get the same answer in the same time. The work that differs, the token and the mail, happens after the answer; were
 * it done before, a known name's answer would take a database transaction longer. The limits are set out of the way.
 */
@MicronautTest(transactional = false, environments = "mail-kept")
@Property(name = "auth.password-reset.max-requests-per-account", value = "100")
@Property(name = "auth.password-reset.max-requests-per-address", value = "10000")
@Property(name = "auth.password-reset.request-window", value = "100ms")
class PasswordResetTimingHttpTest {

    private static final String REQUESTS = "/api/password-reset/requests";
    private static final int WARM_UP = 200;
    private static final int MEASURED = 400;
    /** Far below what one more transaction before the answer costs, far above the noise of a median of hundreds. */
    private static final double MOST_APART = 1.25;

    @Inject
    EmbeddedServer server;

    @Test
    void knownAndUnknownNamesAndAddressesAreAnsweredAlikeInTheSameTime() {
        Http http = new Http(server.getURI());
        List<Long> known = new ArrayList<>();
        List<Long> unknown = new ArrayList<>();
        for (int i = 0; i < WARM_UP + MEASURED; i++) {
            boolean measured = i >= WARM_UP;
            time(http, i % 4 == 0 ? "{\"username\": \"alice\"}" : "{\"email\": \"bob@Example.com\"}",
                    measured ? known : new ArrayList<>());
            time(http, i % 4 == 0 ? "{\"username\": \"nobody-" + i + "\"}"
                    : "{\"email\": \"nobody-" + i + "@example.com\"}", measured ? unknown : new ArrayList<>());
        }
        double ratio = median(known) / median(unknown);
        assertTrue(ratio < MOST_APART && ratio > 1 / MOST_APART, String.format(
                "median answer for a known name %.3f ms, for an unknown one %.3f ms", median(known) / 1e6,
                median(unknown) / 1e6));
    }

    private static void time(Http http, String body, List<Long> nanos) {
        long started = System.nanoTime();
        Http.Answer answer = http.postJson(REQUESTS, body);
        nanos.add(System.nanoTime() - started);
        assertEquals(202, answer.status(), answer.toString());
        assertEquals("", answer.body());
    }

    private static double median(List<Long> nanos) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
