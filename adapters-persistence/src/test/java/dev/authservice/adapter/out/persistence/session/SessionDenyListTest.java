package dev.authservice.adapter.out.persistence.session;

import static dev.authservice.application.fixtures.Refreshes.refresh;
import static dev.authservice.application.fixtures.SessionMother.aLoginOf;
import static dev.authservice.application.fixtures.SessionMother.attemptOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.persistence.SilentRelay;
import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.ApplicationContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Several instances of the service sharing one PostgreSQL database, as in production. */
class SessionDenyListTest {

    @RegisterExtension
    static final TestDatabase database = TestDatabase.postgres();

    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    private static final Pattern HOST_AND_PORT = Pattern.compile("(jdbc:postgresql://)([^/:,]+)(?::(\\d+))?(/.*)");

    private SessionStore store;
    private Instant now;

    @BeforeEach
    void startWithAlice() {
        database.deleteAllRows();
        database.bean(UserStore.class).add(UserAccountMother.alice());
        store = database.bean(SessionStore.class);
        now = TestTime.now();
    }

    /** A revocation whose notification was lost (the listening connection was down) is found by the poll. */
    @Test
    void anotherInstanceFindsARevocationItDidNotHearOfWithinAPollInterval() throws InterruptedException {
        RevokedSessions other = database
                .startInstance(Map.of("auth.revocation.poll-interval", POLL_INTERVAL.toMillis() + "ms"))
                .getBean(RevokedSessions.class);
        SessionMother.Login login = logIn();

        database.bean(SessionRowRepository.class).markRevoked(login.sessionId().value(), RevocationReason.LOGOUT, now);

        Instant deadline = Instant.now().plus(POLL_INTERVAL.multipliedBy(10));
        while (!other.isRevoked(login.sessionId()) && Instant.now().isBefore(deadline)) {
            Thread.sleep(10);
        }
        assertTrue(other.isRevoked(login.sessionId()));
    }

    /** With a poll far away, only the notification of the commit can tell the other instance. */
    @Test
    void anotherInstanceHearsOfRevocationsAsTheyCommitWithoutPolling() throws InterruptedException {
        ApplicationContext instance = database.startInstance(Map.of("auth.revocation.poll-interval", "1h"));
        RevokedSessions other = instance.getBean(RevokedSessions.class);
        awaitTrue(() -> instance.getBean(RevocationNotifications.class).isListening());
        SessionMother.Login loggedOut = logIn();
        List<SessionMother.Login> everyOther = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            everyOther.add(logIn());
        }

        store.revoke(loggedOut.sessionId(), RevocationReason.LOGOUT, now);
        store.revokeAllOf(UserAccountMother.alice().id(), Optional.of(loggedOut.sessionId()),
                RevocationReason.ADMINISTRATOR, now);

        awaitTrue(() -> other.isRevoked(loggedOut.sessionId()));
        awaitTrue(() -> everyOther.stream().allMatch(login -> other.isRevoked(login.sessionId())));
    }

    /**
     * The listening connection's server dies without closing it, as a primary whose machine stops does before a
     * failover: the listener gives it up and listens on the next host of its URL, as it would on a promoted standby.
     */
    @Test
    void anInstanceListensOnTheNextHostOnceItsServerFallsSilent() throws Exception {
        Matcher url = HOST_AND_PORT.matcher(database.target().url());
        assertTrue(url.matches(), database.target().url());
        SessionDenyList denyList = new SessionDenyList(database.bean(SessionRowRepository.class),
                database.bean(TokenPolicy.class), Clock.systemUTC());
        String port = url.group(3) == null ? "5432" : url.group(3);
        try (SilentRelay primary = new SilentRelay(url.group(2), Integer.parseInt(port))) {
            String twoHosts = url.group(1) + "127.0.0.1:" + primary.port() + "," + url.group(2) + ":" + port
                    + url.group(4) + (url.group(4).contains("?") ? "&" : "?") + "targetServerType=primary";
            RevocationNotifications listener = new RevocationNotifications(twoHosts, database.target().username(),
                    database.target().password(), denyList);
            try {
                awaitTrue(listener::isListening);
                primary.fallSilent();
                awaitTrue(() -> !listener.isListening());
                awaitTrue(listener::isListening);

                SessionMother.Login login = logIn();
                store.revoke(login.sessionId(), RevocationReason.LOGOUT, now);

                awaitTrue(() -> denyList.isRevoked(login.sessionId()));
            } finally {
                listener.close();
            }
        }
    }

    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(10);
        while (!condition.getAsBoolean() && Instant.now().isBefore(deadline)) {
            Thread.sleep(10);
        }
        assertTrue(condition.getAsBoolean());
    }

    @Test
    void anInstanceStartedLaterKnowsTheRecentRevocationsAtOnce() {
        SessionMother.Login login = logIn();
        store.revoke(login.sessionId(), RevocationReason.LOGOUT, now);

        RevokedSessions later = database.startInstance(Map.of()).getBean(RevokedSessions.class);

        assertTrue(later.isRevoked(login.sessionId()));
    }

    @Test
    void revocationsOlderThanTheAccessTokenLifetimeTwoClockSkewsAndASecondAreForgotten() {
        ApplicationContext instance = database.startInstance(Map.of(
                "auth.access-token.ttl", "1m",
                "auth.jwt.clock-skew", "5s"));
        SessionDenyList denyList = instance.getBean(SessionDenyList.class);
        SessionMother.Login login = logIn();
        instance.getBean(SessionStore.class).revoke(login.sessionId(), RevocationReason.LOGOUT, now);

        denyList.refresh(now.plusSeconds(71));
        assertTrue(denyList.isRevoked(login.sessionId()), "71 s after: an access token may still be accepted");

        denyList.refresh(now.plusSeconds(72));
        assertFalse(denyList.isRevoked(login.sessionId()), "past 1 min + 2 × 5 s + 1 s: every access token has expired");
    }

    @Test
    void presentationsRacingOnTwoInstancesHaveOneWinner() throws Exception {
        ApplicationContext other = database.startInstance(Map.of());
        SessionMother.Login login = logIn();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                SessionStore instance = i % 2 == 0 ? store : other.getBean(SessionStore.class);
                Transactions itsTransactions = i % 2 == 0 ? database.bean(Transactions.class)
                        : other.getBean(Transactions.class);
                results.add(threads.submit(() -> {
                    start.await();
                    return refresh(instance, itsTransactions, attemptOf(login.firstToken().hash(), now.plusSeconds(1)))
                            instanceof Decision.Rotate;
                }));
            }
            start.countDown();
            int winners = 0;
            for (Future<Boolean> result : results) {
                winners += result.get(30, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, winners);
        } finally {
            threads.shutdownNow();
        }
    }

    private SessionMother.Login logIn() {
        SessionMother.Login login = aLoginOf(UserAccountMother.alice(), now);
        store.start(login.session(), login.firstToken());
        return login;
    }
}
