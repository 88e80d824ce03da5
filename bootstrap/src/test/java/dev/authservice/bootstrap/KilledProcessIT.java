package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the service acknowledged survives {@code kill -9} (docs/security.md, "Durability of what was acknowledged"),
 * on the embedded default, H2 in ./data, and on PostgreSQL: the jar rotates a refresh token as fast as one client
 * can, logs another session out, is killed, and is started again on the same database.
 */
class KilledProcessIT {

    /** Many times H2's default write delay of 500 ms; the kill comes within a few milliseconds of the last answer. */
    private static final Duration REFRESHING = Duration.ofSeconds(3);

    @RegisterExtension
    final ServiceJar onH2 = new ServiceJar();

    @RegisterExtension
    final ServiceJar onPostgres = ServiceJar.onPostgres();

    @Test
    void onTheEmbeddedH2TheLastAcknowledgedRotationAndLogoutSurviveAKill() throws Exception {
        lastAcknowledgedRotationAndLogoutSurviveAKill(onH2, Map.of());
    }

    @Test
    void onPostgresTheLastAcknowledgedRotationAndLogoutSurviveAKill() throws Exception {
        lastAcknowledgedRotationAndLogoutSurviveAKill(onPostgres, Map.of("MICRONAUT_ENVIRONMENTS", "dev"));
    }

    private static void lastAcknowledgedRotationAndLogoutSurviveAKill(ServiceJar service,
            Map<String, String> environment) throws Exception {
        Http http = service.start(environment);
        Http.Answer login = http.logIn("alice", "alice-password");
        assertEquals(200, login.status(), login.toString());
        String previous = null;
        String last = login.refreshToken();
        int rotations = 0;
        Instant until = Instant.now().plus(REFRESHING);
        while (Instant.now().isBefore(until)) {
            Http.Answer refreshed = http.refresh(last);
            assertEquals(200, refreshed.status(), refreshed.toString());
            previous = last;
            last = refreshed.refreshToken();
            rotations++;
        }
        Http.Answer loggedOut = http.logIn("bob", "bob-password");
        Http.Answer logout = http.post("/api/logout", "", "Authorization", "Bearer " + loggedOut.accessToken());
        assertEquals(204, logout.status(), logout.toString());
        // Killed right after an answer, not during a request: a write in flight may or may not have been committed,
        // so only one that was acknowledged can be expected back.
        service.kill();

        http = service.start(environment);

        Http.Answer afterRestart = http.refresh(last);
        assertEquals(200, afterRestart.status(), "the last of " + rotations + " acknowledged rotations was lost");
        Http.Answer replay = http.refresh(previous);
        assertEquals(401, replay.status(), "a token rotated away before the kill works again: " + replay);
        Http.Answer afterLogout = http.refresh(loggedOut.refreshToken());
        assertEquals(401, afterLogout.status(), "the session logged out just before the kill is back: " + afterLogout);
    }
}
