package dev.authservice.adapter.out.persistence.session;

import static dev.authservice.application.fixtures.SessionMother.aLoginOf;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.UserAccount;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The clean-up's round: every over session goes, a batch at a time; a live one stays; and on PostgreSQL an instance
 * that finds another mid-round skips it. What "over" means is held by the store's properties.
 */
class SessionCleanUpTest {

    @RegisterExtension
    static final TestDatabase postgres = TestDatabase.postgres();

    private static final Instant NOW = TestTime.now();
    private static final Duration RETENTION = Duration.ofDays(7);

    private SessionStore sessions;
    private UserAccount alice;

    @BeforeEach
    void emptyDatabase() {
        postgres.deleteAllRows();
        sessions = postgres.bean(SessionStore.class);
        alice = UserAccountMother.alice();
        postgres.bean(UserStore.class).add(alice);
    }

    @Test
    void aRoundForgetsEveryOverSessionBatchAfterBatchAndKeepsTheLiveOnes() {
        Instant longAgo = NOW.minus(RETENTION).minus(Duration.ofDays(1));
        List<SessionMother.Login> loggedOut = IntStream.range(0, 5).mapToObj(i -> aLoginOf(alice, longAgo)).toList();
        loggedOut.forEach(login -> {
            sessions.start(login.session(), login.firstToken());
            sessions.revoke(login.sessionId(), RevocationReason.LOGOUT, longAgo);
        });
        SessionMother.Login live = aLoginOf(alice, NOW);
        sessions.start(live.session(), live.firstToken());

        assertEquals(5, cleanUp(2).forgetOverBy(NOW.minus(RETENTION)));

        loggedOut.forEach(login -> assertTrue(sessions.find(login.sessionId()).isEmpty()));
        assertEquals(live.session(), sessions.find(live.sessionId()).orElseThrow());
    }

    @Test
    void anInstanceThatFindsAnotherMidRoundSkipsIt() throws Exception {
        SessionMother.Login over = aLoginOf(alice, NOW.minus(Duration.ofDays(30)));
        sessions.start(over.session(), over.firstToken());
        sessions.revoke(over.sessionId(), RevocationReason.LOGOUT, NOW.minus(Duration.ofDays(30)));

        try (Connection other = postgres.target().connect(); Statement statement = other.createStatement()) {
            other.setAutoCommit(false);
            statement.execute("SELECT pg_advisory_xact_lock(" + JdbcSessionStore.CLEAN_UP_LOCK + ")");

            assertEquals(0, cleanUp(10).forgetOverBy(NOW.minus(RETENTION)));
            assertTrue(sessions.find(over.sessionId()).isPresent());
            other.rollback();
        }
        assertEquals(1, cleanUp(10).forgetOverBy(NOW.minus(RETENTION)));
    }

    @Test
    void aRetentionShorterThanTheRevocationHorizonOrABatchOutOfRangeIsRefused() {
        Duration horizon = policy().revocationHorizon();
        assertDoesNotThrow(() -> cleanUp(horizon, 10));
        assertThrows(IllegalArgumentException.class, () -> cleanUp(horizon.minusNanos(1000), 10));
        assertThrows(IllegalArgumentException.class, () -> cleanUp(RETENTION, 0));
        assertThrows(IllegalArgumentException.class, () -> cleanUp(RETENTION, 10_001));
    }

    private SessionCleanUp cleanUp(int batchSize) {
        return cleanUp(RETENTION, batchSize);
    }

    private SessionCleanUp cleanUp(Duration retention, int batchSize) {
        return new SessionCleanUp(sessions, retention, batchSize, policy(), Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static TokenPolicy policy() {
        return postgres.bean(TokenPolicy.class);
    }
}
