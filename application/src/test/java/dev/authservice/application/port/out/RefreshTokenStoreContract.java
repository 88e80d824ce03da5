package dev.authservice.application.port.out;

import static dev.authservice.application.fixtures.SessionMother.aLoginOf;
import static dev.authservice.application.fixtures.SessionMother.aTokenHash;
import static dev.authservice.application.fixtures.SessionMother.rotationOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RefreshTokenStore}, with the {@link RevokedSessions} that goes with it, promises. An
 * implementation's test extends this class and hands out an empty store, its deny-list, and a user store in which the
 * owner of the sessions is added first (a store may insist that a session's user exists).
 * Times are recent: a deny-list may forget revocations older than an access token's lifetime.
 */
public abstract class RefreshTokenStoreContract {

    private static final int RACERS = 8;

    private RefreshTokenStore store;
    private RevokedSessions revokedSessions;
    private UserAccount alice;
    private Instant now;

    /** A store without any session; called before each test. */
    protected abstract RefreshTokenStore emptyRefreshTokenStore();

    /** The deny-list that {@link RefreshTokenStore#revokeSession} of the store feeds. */
    protected abstract RevokedSessions revokedSessions();

    /** The users of the store; called after {@link #emptyRefreshTokenStore()}, it must accept alice. */
    protected abstract UserStore userStore();

    @BeforeEach
    void startEmptyWithOneUser() {
        store = emptyRefreshTokenStore();
        revokedSessions = revokedSessions();
        alice = UserAccountMother.alice();
        userStore().add(alice);
        now = TestTime.now();
    }

    @Test
    void theFirstTokenOfANewSessionIsFoundActive() {
        SessionMother.Login login = logIn();

        assertEquals(Optional.of(login.firstToken()), store.findByHash(login.firstToken().hash()));
        assertFalse(revokedSessions.isRevoked(login.sessionId()));
    }

    @Test
    void anUnknownHashIsNotFound() {
        logIn();

        assertEquals(Optional.empty(), store.findByHash(aTokenHash()));
    }

    @Test
    void aSessionWhoseFirstTokenCannotBeStoredIsNotStoredEither() {
        SessionMother.Login first = logIn();
        SessionMother.Login second = aLoginOf(alice, now);
        RefreshToken.Active clashingToken = new RefreshToken.Active(first.firstToken().hash(), second.sessionId(),
                alice.id(), now, now.plus(SessionMother.REFRESH_TOKEN_TTL));

        assertThrows(RuntimeException.class, () -> store.startSession(second.session(), clashingToken));

        assertFalse(store.revokeSession(second.sessionId(), RevocationReason.LOGOUT, now), "no such session");
        assertEquals(Optional.of(first.firstToken()), store.findByHash(first.firstToken().hash()));
    }

    @Test
    void aRotatedTokenIsFoundRotatedAndItsSuccessorActive() {
        SessionMother.Login login = logIn();
        RefreshToken.Rotation rotation = rotationOf(login.firstToken(), later(1));

        assertTrue(store.rotate(rotation));

        assertEquals(Optional.of(rotation.rotated()), store.findByHash(login.firstToken().hash()));
        assertEquals(Optional.of(rotation.successor()), store.findByHash(rotation.successor().hash()));
    }

    @Test
    void successorsRotateInTurn() {
        RefreshToken.Rotation first = rotationOf(logIn().firstToken(), later(1));
        RefreshToken.Rotation second = rotationOf(first.successor(), later(2));

        assertTrue(store.rotate(first));
        assertTrue(store.rotate(second));

        assertEquals(Optional.of(second.rotated()), store.findByHash(first.successor().hash()));
        assertEquals(Optional.of(second.successor()), store.findByHash(second.successor().hash()));
    }

    @Test
    void aTokenRotatesOnceAndALaterRotationWritesNothing() {
        SessionMother.Login login = logIn();
        RefreshToken.Rotation first = rotationOf(login.firstToken(), later(1));
        RefreshToken.Rotation replay = rotationOf(login.firstToken(), later(2));
        store.rotate(first);

        assertFalse(store.rotate(replay));

        assertEquals(Optional.of(first.rotated()), store.findByHash(login.firstToken().hash()));
        assertEquals(Optional.empty(), store.findByHash(replay.successor().hash()));
        assertEquals(Optional.of(first.successor()), store.findByHash(first.successor().hash()));
    }

    @Test
    void exactlyOneOfManyConcurrentRotationsOfATokenWins() throws Exception {
        SessionMother.Login login = logIn();
        List<RefreshToken.Rotation> rotations = IntStream.range(0, RACERS)
                .mapToObj(i -> rotationOf(login.firstToken(), later(1)))
                .toList();

        List<Boolean> results = atTheSameTime(rotations.stream()
                .<Callable<Boolean>>map(rotation -> () -> store.rotate(rotation))
                .toList());

        assertEquals(1, results.stream().filter(won -> won).count(), "winners among " + results);
        RefreshToken.Rotation winner = rotations.get(results.indexOf(true));
        assertEquals(Optional.of(winner.rotated()), store.findByHash(login.firstToken().hash()));
        for (RefreshToken.Rotation rotation : rotations) {
            Optional<RefreshToken> successor = store.findByHash(rotation.successor().hash());
            assertEquals(rotation == winner ? Optional.of(winner.successor()) : Optional.empty(), successor);
        }
    }

    /** The rotated token too: "a token of a revoked session is revoked", whatever state it was in. */
    @Test
    void revokingASessionRevokesEveryTokenOfItAndReportsIt() {
        SessionMother.Login login = logIn();
        RefreshToken.Rotation rotation = rotationOf(login.firstToken(), later(1));
        store.rotate(rotation);
        Instant revokedAt = later(2);

        assertTrue(store.revokeSession(login.sessionId(), RevocationReason.LOGOUT, revokedAt));

        assertEquals(Optional.of(rotation.successor().revoke(revokedAt)),
                store.findByHash(rotation.successor().hash()));
        assertEquals(Optional.of(login.firstToken().revoke(revokedAt)), store.findByHash(login.firstToken().hash()));
        assertTrue(revokedSessions.isRevoked(login.sessionId()));
    }

    /** Either may go first, but a successor stored by the rotation must not outlive the revocation as active. */
    @Test
    void aRotationRacingARevocationLeavesNoTokenOfTheSessionActive() throws Exception {
        for (int round = 0; round < 10; round++) { // a race goes one way or the other: run it a few times
            SessionMother.Login login = logIn();
            RefreshToken.Rotation rotation = rotationOf(login.firstToken(), later(1));

            atTheSameTime(List.<Callable<Boolean>>of(
                    () -> store.rotate(rotation),
                    () -> store.revokeSession(login.sessionId(), RevocationReason.LOGOUT, later(1))));

            assertInstanceOf(RefreshToken.Revoked.class, store.findByHash(login.firstToken().hash()).orElseThrow());
            store.findByHash(rotation.successor().hash())
                    .ifPresent(successor -> assertInstanceOf(RefreshToken.Revoked.class, successor));
        }
    }

    @Test
    void revokingARevokedSessionChangesNothingAndReportsItWasNotActive() {
        SessionMother.Login login = logIn();
        store.revokeSession(login.sessionId(), RevocationReason.REUSE_DETECTED, later(1));

        assertFalse(store.revokeSession(login.sessionId(), RevocationReason.LOGOUT, later(2)));

        assertEquals(Optional.of(login.firstToken().revoke(later(1))), store.findByHash(login.firstToken().hash()));
        assertTrue(revokedSessions.isRevoked(login.sessionId()));
    }

    @Test
    void revokingAnUnknownSessionReportsItWasNotActive() {
        assertFalse(store.revokeSession(new SessionId(UUID.randomUUID()), RevocationReason.LOGOUT, now));
    }

    @Test
    void aTokenOfARevokedSessionCannotBeRotated() {
        SessionMother.Login login = logIn();
        store.revokeSession(login.sessionId(), RevocationReason.LOGOUT, later(1));
        RefreshToken.Rotation rotation = rotationOf(login.firstToken(), later(2));

        assertFalse(store.rotate(rotation));

        assertEquals(Optional.empty(), store.findByHash(rotation.successor().hash()));
    }

    @Test
    void revokingASessionLeavesTheOtherSessionsOfItsUserAlone() {
        SessionMother.Login revoked = logIn();
        SessionMother.Login other = logIn();

        store.revokeSession(revoked.sessionId(), RevocationReason.LOGOUT, later(1));

        assertEquals(Optional.of(other.firstToken()), store.findByHash(other.firstToken().hash()));
        assertFalse(revokedSessions.isRevoked(other.sessionId()));
    }

    private SessionMother.Login logIn() {
        SessionMother.Login login = aLoginOf(alice, now);
        store.startSession(login.session(), login.firstToken());
        return login;
    }

    private Instant later(int minutes) {
        return now.plus(Duration.ofMinutes(minutes));
    }

    /** Runs the tasks at the same moment, one thread each, and returns their results in the same order. */
    private static <T> List<T> atTheSameTime(List<Callable<T>> tasks) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(tasks.size());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(threads.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get(30, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            threads.shutdownNow();
        }
    }
}
