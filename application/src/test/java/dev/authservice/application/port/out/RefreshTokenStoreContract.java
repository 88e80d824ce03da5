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
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.token.ActiveSession;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
    /** The listing of active sessions has an order of its own, whatever the request's. */
    private static final Sort ANY_SORT = new Sort("createdAt", Sort.Direction.DESC);

    private RefreshTokenStore store;
    private RevokedSessions revokedSessions;
    private UserAccount alice;
    private Instant now;

    /** A store without any session; called before each test. */
    protected abstract RefreshTokenStore emptyRefreshTokenStore();

    /** The deny-list that the store's revocations feed. */
    protected abstract RevokedSessions revokedSessions();

    /** The users of the store; called after {@link #emptyRefreshTokenStore()}, it must accept alice and bob. */
    protected abstract UserStore userStore();

    /** Whether this store does {@link RefreshTokenStore#rotateIfActive} (rather than always answering empty). */
    protected abstract boolean rotatesInOneStep();

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
    void anActiveTokenOfAnEnabledOwnerIsRotatedInOneStepWhereTheStoreCanAndLeftAloneWhereItCannot() {
        SessionMother.Login login = logIn();
        RefreshToken.Rotation expected = rotationOf(login.firstToken(), later(1));

        Optional<RefreshTokenStore.RotatedAtOnce> rotated = rotateIfActive(login.firstToken(), expected);

        if (rotatesInOneStep()) {
            assertEquals(Optional.of(new RefreshTokenStore.RotatedAtOnce(login.sessionId(), alice)), rotated);
            assertEquals(Optional.of(expected.rotated()), store.findByHash(login.firstToken().hash()));
            assertEquals(Optional.of(expected.successor()), store.findByHash(expected.successor().hash()));
            assertEquals(List.of(activeSession(login, later(1))),
                    store.activeSessionsOf(alice.id(), firstPage(), later(1)).content());
        } else {
            assertEquals(Optional.empty(), rotated);
            assertEquals(Optional.of(login.firstToken()), store.findByHash(login.firstToken().hash()));
            assertEquals(Optional.empty(), store.findByHash(expected.successor().hash()));
        }
    }

    @Test
    void nothingIsRotatedInOneStepUnlessTheTokenIsActiveUnexpiredAndItsOwnerEnabled() {
        SessionMother.Login rotatedAlready = logIn();
        RefreshToken.Rotation first = rotationOf(rotatedAlready.firstToken(), later(1));
        store.rotate(first);
        SessionMother.Login revoked = logIn();
        store.revokeSession(revoked.sessionId(), RevocationReason.LOGOUT, later(1));
        SessionMother.Login expired = logIn();
        UserAccount carol = UserAccountMother.aUser().named("carol").disabled().build();
        userStore().add(carol);
        SessionMother.Login ofDisabled = logInAs(carol, now);

        for (RefreshToken.Active token : List.of(rotatedAlready.firstToken(), revoked.firstToken(),
                ofDisabled.firstToken())) {
            RefreshToken before = store.findByHash(token.hash()).orElseThrow();
            RefreshToken.Rotation attempt = rotationOf(token, later(2));
            assertEquals(Optional.empty(), rotateIfActive(token, attempt), token.toString());
            assertEquals(Optional.of(before), store.findByHash(token.hash()));
            assertEquals(Optional.empty(), store.findByHash(attempt.successor().hash()));
        }
        Instant afterExpiry = expired.firstToken().expiresAt();
        assertEquals(Optional.empty(), store.rotateIfActive(expired.firstToken().hash(), aTokenHash(), afterExpiry,
                afterExpiry.plus(SessionMother.REFRESH_TOKEN_TTL)));
        assertEquals(Optional.of(expired.firstToken()), store.findByHash(expired.firstToken().hash()));
        assertEquals(Optional.empty(), store.rotateIfActive(aTokenHash(), aTokenHash(), later(2), later(3)));
    }

    @Test
    void exactlyOneOfManyConcurrentRotationsInOneOrTwoStepsWins() throws Exception {
        SessionMother.Login login = logIn();
        List<RefreshToken.Rotation> rotations = IntStream.range(0, RACERS)
                .mapToObj(i -> rotationOf(login.firstToken(), later(1)))
                .toList();

        List<Boolean> results = atTheSameTime(IntStream.range(0, RACERS)
                .<Callable<Boolean>>mapToObj(i -> i % 2 == 0
                        ? () -> rotateIfActive(login.firstToken(), rotations.get(i)).isPresent()
                        : () -> store.rotate(rotations.get(i)))
                .toList());

        assertExactlyOneWon(login, rotations, results);
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

        assertExactlyOneWon(login, rotations, results);
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

            atTheSameTime(List.<Callable<Object>>of(
                    rotationInRound(round, login, rotation),
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

    @Test
    void aSessionIsFoundByItsId() {
        SessionMother.Login login = logIn();
        logIn();

        assertEquals(Optional.of(login.session()), store.findSession(login.sessionId()));
    }

    @Test
    void aSessionWithoutClientDetailsIsFoundWithout() {
        SessionId sessionId = new SessionId(UUID.randomUUID());
        Session anonymous = new Session(sessionId, alice.id(), now, null, null);
        store.startSession(anonymous,
                RefreshToken.issue(aTokenHash(), sessionId, alice.id(), now, SessionMother.REFRESH_TOKEN_TTL));

        assertEquals(Optional.of(anonymous), store.findSession(sessionId));
    }

    @Test
    void aSessionIsFoundAsItBeganAfterItsTokenRotatedAndAfterItEnded() {
        SessionMother.Login login = logIn();

        store.rotate(rotationOf(login.firstToken(), later(1)));
        assertEquals(Optional.of(login.session()), store.findSession(login.sessionId()));

        store.revokeSession(login.sessionId(), RevocationReason.SIGNED_OUT, later(2));
        assertEquals(Optional.of(login.session()), store.findSession(login.sessionId()));
    }

    @Test
    void anUnknownSessionIsNotFound() {
        logIn();

        assertEquals(Optional.empty(), store.findSession(new SessionId(UUID.randomUUID())));
    }

    /** Whatever a revocation's reason, and whichever way the session is ended, it is stored. */
    @Test
    void everyReasonCanEndASession() {
        for (RevocationReason reason : RevocationReason.values()) {
            SessionMother.Login one = logIn();
            SessionMother.Login other = logIn();

            assertTrue(store.revokeSession(one.sessionId(), reason, later(1)), reason.name());
            assertEquals(1, store.revokeSessionsOf(alice.id(), Optional.empty(), reason, later(1)), reason.name());

            assertTrue(revokedSessions.isRevoked(one.sessionId()), reason.name());
            assertTrue(revokedSessions.isRevoked(other.sessionId()), reason.name());
        }
    }

    @Test
    void revokingTheSessionsOfAUserEndsEachAsRevokingItAloneWould() {
        SessionMother.Login first = logIn();
        RefreshToken.Rotation rotation = rotationOf(first.firstToken(), later(1));
        store.rotate(rotation);
        SessionMother.Login second = logIn();
        Instant revokedAt = later(2);

        assertEquals(2, store.revokeSessionsOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR,
                revokedAt));

        assertEquals(Optional.of(first.firstToken().revoke(revokedAt)), store.findByHash(first.firstToken().hash()));
        assertEquals(Optional.of(rotation.successor().revoke(revokedAt)),
                store.findByHash(rotation.successor().hash()));
        assertEquals(Optional.of(second.firstToken().revoke(revokedAt)),
                store.findByHash(second.firstToken().hash()));
        assertTrue(revokedSessions.isRevoked(first.sessionId()));
        assertTrue(revokedSessions.isRevoked(second.sessionId()));
        assertFalse(store.rotate(rotationOf(second.firstToken(), later(3))), "a revoked session's token");
        assertFalse(store.revokeSession(first.sessionId(), RevocationReason.LOGOUT, later(3)), "no longer active");
        assertEquals(List.of(), store.activeSessionsOf(alice.id(), firstPage(), later(3)).content());
    }

    @Test
    void revokingTheSessionsOfAUserSparesTheOneExcepted() {
        SessionMother.Login current = logIn();
        SessionMother.Login other = logIn();
        SessionMother.Login another = logIn();

        assertEquals(2, store.revokeSessionsOf(alice.id(), Optional.of(current.sessionId()),
                RevocationReason.PASSWORD_CHANGED, later(1)));

        assertEquals(Optional.of(current.firstToken()), store.findByHash(current.firstToken().hash()));
        assertFalse(revokedSessions.isRevoked(current.sessionId()));
        for (SessionMother.Login ended : List.of(other, another)) {
            assertEquals(Optional.of(ended.firstToken().revoke(later(1))),
                    store.findByHash(ended.firstToken().hash()));
            assertTrue(revokedSessions.isRevoked(ended.sessionId()));
        }
        assertEquals(List.of(activeSession(current, now)),
                store.activeSessionsOf(alice.id(), firstPage(), later(1)).content());
        assertTrue(store.rotate(rotationOf(current.firstToken(), later(2))), "the excepted session goes on");
    }

    @Test
    void revokingTheSessionsOfAUserCountsOnlyThoseNotEndedBefore() {
        SessionMother.Login loggedOut = logIn();
        store.revokeSession(loggedOut.sessionId(), RevocationReason.LOGOUT, later(1));
        logIn();

        assertEquals(1, store.revokeSessionsOf(alice.id(), Optional.empty(), RevocationReason.USER_DISABLED,
                later(2)));
        assertEquals(0, store.revokeSessionsOf(alice.id(), Optional.empty(), RevocationReason.USER_DISABLED,
                later(3)));

        assertEquals(Optional.of(loggedOut.firstToken().revoke(later(1))),
                store.findByHash(loggedOut.firstToken().hash()), "the first revocation stands");
    }

    /** More than a store might put in one statement. */
    @Test
    void revokingTheSessionsOfAUserEndsThemAllHoweverMany() {
        List<SessionMother.Login> logins = IntStream.range(0, 1_234).mapToObj(i -> logIn()).toList();

        assertEquals(logins.size() - 1, store.revokeSessionsOf(alice.id(), Optional.of(logins.get(700).sessionId()),
                RevocationReason.ADMINISTRATOR, later(1)));

        for (int i = 0; i < logins.size(); i++) {
            SessionMother.Login login = logins.get(i);
            assertEquals(i != 700, revokedSessions.isRevoked(login.sessionId()), "session " + i);
            assertEquals(i == 700 ? RefreshToken.Active.class : RefreshToken.Revoked.class,
                    store.findByHash(login.firstToken().hash()).orElseThrow().getClass(), "session " + i);
        }
    }

    @Test
    void revokingTheSessionsOfAUserWithoutAnyCountsNone() {
        assertEquals(0, store.revokeSessionsOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR, now));
        assertEquals(0, store.revokeSessionsOf(alice.id(), Optional.of(new SessionId(UUID.randomUUID())),
                RevocationReason.ADMINISTRATOR, now));
    }

    @Test
    void revokingTheSessionsOfAUserLeavesOtherUsersAlone() {
        UserAccount bob = UserAccountMother.bob();
        userStore().add(bob);
        SessionMother.Login ofAlice = logIn();
        SessionMother.Login ofBob = logInAs(bob, now);

        // Bob's session as the exception changes nothing either.
        assertEquals(1, store.revokeSessionsOf(alice.id(), Optional.of(ofBob.sessionId()),
                RevocationReason.ADMINISTRATOR, later(1)));

        assertTrue(revokedSessions.isRevoked(ofAlice.sessionId()));
        assertEquals(Optional.of(ofBob.firstToken()), store.findByHash(ofBob.firstToken().hash()));
        assertFalse(revokedSessions.isRevoked(ofBob.sessionId()));
        assertEquals(List.of(activeSession(ofBob, now)),
                store.activeSessionsOf(bob.id(), firstPage(), later(1)).content());
    }

    /** Either may go first, but a successor stored by the rotation must not outlive the revocation as active. */
    @Test
    void aRotationRacingTheRevocationOfAllSessionsLeavesNoTokenActive() throws Exception {
        for (int round = 0; round < 10; round++) { // a race goes one way or the other: run it a few times
            SessionMother.Login login = logIn();
            SessionMother.Login other = logIn();
            RefreshToken.Rotation rotation = rotationOf(login.firstToken(), later(1));

            atTheSameTime(List.<Callable<Object>>of(
                    rotationInRound(round, login, rotation),
                    () -> store.revokeSessionsOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR,
                            later(1))));

            assertInstanceOf(RefreshToken.Revoked.class, store.findByHash(login.firstToken().hash()).orElseThrow());
            assertInstanceOf(RefreshToken.Revoked.class, store.findByHash(other.firstToken().hash()).orElseThrow());
            store.findByHash(rotation.successor().hash())
                    .ifPresent(successor -> assertInstanceOf(RefreshToken.Revoked.class, successor));
        }
    }

    /** Each session is counted by exactly one of the revocations that race to end it; none waits for ever. */
    @Test
    void revocationsRacingToEndTheSameSessionsCountEachOnce() throws Exception {
        List<SessionMother.Login> logins = IntStream.range(0, 5).mapToObj(i -> logIn()).toList();
        List<Callable<Integer>> racers = new ArrayList<>();
        for (int i = 0; i < RACERS / 2; i++) {
            racers.add(() -> store.revokeSessionsOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR,
                    later(1)));
        }
        for (SessionMother.Login login : logins) {
            racers.add(() -> store.revokeSession(login.sessionId(), RevocationReason.LOGOUT, later(1)) ? 1 : 0);
        }

        List<Integer> counts = atTheSameTime(racers);

        assertEquals(logins.size(), counts.stream().mapToInt(Integer::intValue).sum(), "counts " + counts);
        for (SessionMother.Login login : logins) {
            assertInstanceOf(RefreshToken.Revoked.class, store.findByHash(login.firstToken().hash()).orElseThrow());
            assertTrue(revokedSessions.isRevoked(login.sessionId()));
        }
    }

    @Test
    void aUserWithoutSessionsHasNoActiveOnes() {
        Page<ActiveSession> page = store.activeSessionsOf(alice.id(), firstPage(), now);

        assertEquals(List.of(), page.content());
        assertEquals(0, page.totalElements());
    }

    @Test
    void activeSessionsAreListedMostRecentlyUsedFirst() {
        SessionMother.Login oldest = logInAs(alice, now.minus(Duration.ofMinutes(3)));
        SessionMother.Login middle = logInAs(alice, now.minus(Duration.ofMinutes(2)));
        SessionMother.Login newest = logInAs(alice, now.minus(Duration.ofMinutes(1)));
        store.rotate(rotationOf(oldest.firstToken(), now)); // the oldest login, used last

        Page<ActiveSession> page = store.activeSessionsOf(alice.id(), firstPage(), later(1));

        assertEquals(List.of(activeSession(oldest, now), activeSession(newest, now.minus(Duration.ofMinutes(1))),
                activeSession(middle, now.minus(Duration.ofMinutes(2)))), page.content());
        assertEquals(3, page.totalElements());
    }

    @Test
    void activeSessionsArePagedWithTheTotalOnEveryPage() {
        List<SessionMother.Login> logins = IntStream.range(0, 5)
                .mapToObj(i -> logInAs(alice, now.minus(Duration.ofMinutes(i))))
                .toList(); // most recent first

        List<List<SessionId>> pages = new ArrayList<>();
        for (int number = 0; number < 4; number++) {
            Page<ActiveSession> page = store.activeSessionsOf(alice.id(), new PageRequest(number, 2, ANY_SORT),
                    later(1));
            assertEquals(number, page.page());
            assertEquals(2, page.size());
            assertEquals(5, page.totalElements(), "page " + number);
            pages.add(sessionIds(page));
        }
        List<SessionId> ids = logins.stream().map(SessionMother.Login::sessionId).toList();
        assertEquals(List.of(ids.subList(0, 2), ids.subList(2, 4), ids.subList(4, 5), List.of()), pages);
    }

    @Test
    void sessionsUsedAtTheSameInstantArePagedWithoutRepeatsOrGaps() {
        IntStream.range(0, 7).forEach(i -> logIn());

        Set<SessionId> seen = new HashSet<>();
        for (int page = 0; page < 4; page++) {
            seen.addAll(sessionIds(store.activeSessionsOf(alice.id(), new PageRequest(page, 2, ANY_SORT), later(1))));
        }
        assertEquals(7, seen.size(), "every session on exactly one page");
    }

    @Test
    void theRequestedSortIsIgnored() {
        SessionMother.Login older = logInAs(alice, now.minus(Duration.ofMinutes(1)));
        SessionMother.Login newer = logIn();
        List<ActiveSession> expected = List.of(activeSession(newer, now),
                activeSession(older, now.minus(Duration.ofMinutes(1))));

        for (Sort sort : List.of(new Sort("createdAt", Sort.Direction.ASC), new Sort("id", Sort.Direction.ASC),
                new Sort("last_used_at; DROP TABLE sessions", Sort.Direction.ASC))) {
            assertEquals(expected, store.activeSessionsOf(alice.id(), new PageRequest(0, 10, sort), later(1)).content(),
                    sort.toString());
        }
    }

    @Test
    void revokedSessionsAreNotActive() {
        SessionMother.Login loggedOut = logIn();
        SessionMother.Login kept = logIn();
        store.revokeSession(loggedOut.sessionId(), RevocationReason.LOGOUT, later(1));

        Page<ActiveSession> page = store.activeSessionsOf(alice.id(), firstPage(), later(1));

        assertEquals(List.of(activeSession(kept, now)), page.content());
        assertEquals(1, page.totalElements());
    }

    @Test
    void aSessionWhoseActiveTokenHasExpiredIsNotActive() {
        Instant longAgo = now.minus(SessionMother.REFRESH_TOKEN_TTL).minus(Duration.ofDays(1));
        SessionMother.Login expired = logInAs(alice, longAgo);
        SessionMother.Login current = logIn();

        Page<ActiveSession> page = store.activeSessionsOf(alice.id(), firstPage(), now);

        assertEquals(List.of(activeSession(current, now)), page.content());
        assertEquals(1, page.totalElements());
        assertEquals(Optional.of(expired.session()), store.findSession(expired.sessionId()), "still stored");
    }

    /** Until the instant it expires, as {@link RefreshToken.Active#isExpiredAt} has it. */
    @Test
    void aSessionIsActiveUntilItsActiveTokenExpires() {
        SessionMother.Login login = logIn();
        Instant expiry = login.firstToken().expiresAt();

        assertEquals(List.of(activeSession(login, now)),
                store.activeSessionsOf(alice.id(), firstPage(), expiry.minusMillis(1)).content());
        assertEquals(List.of(), store.activeSessionsOf(alice.id(), firstPage(), expiry).content());
    }

    /** Its active token is the successor: the first one's expiry no longer matters. */
    @Test
    void aRotatedSessionIsActiveUntilItsSuccessorExpires() {
        SessionMother.Login login = logIn();
        RefreshToken.Rotation rotation = rotationOf(login.firstToken(), later(1));
        store.rotate(rotation);

        assertEquals(List.of(activeSession(login, later(1))),
                store.activeSessionsOf(alice.id(), firstPage(), login.firstToken().expiresAt()).content());
        assertEquals(List.of(),
                store.activeSessionsOf(alice.id(), firstPage(), rotation.successor().expiresAt()).content());
    }

    @Test
    void otherUsersSessionsAreNotListed() {
        UserAccount bob = UserAccountMother.bob();
        userStore().add(bob);
        SessionMother.Login ofAlice = logIn();
        SessionMother.Login ofBob = logInAs(bob, now);

        Page<ActiveSession> alices = store.activeSessionsOf(alice.id(), firstPage(), later(1));
        Page<ActiveSession> bobs = store.activeSessionsOf(bob.id(), firstPage(), later(1));

        assertEquals(List.of(activeSession(ofAlice, now)), alices.content());
        assertEquals(1, alices.totalElements());
        assertEquals(List.of(activeSession(ofBob, now)), bobs.content());
        assertEquals(1, bobs.totalElements());
    }

    private SessionMother.Login logIn() {
        return logInAs(alice, now);
    }

    private SessionMother.Login logInAs(UserAccount user, Instant at) {
        SessionMother.Login login = aLoginOf(user, at);
        store.startSession(login.session(), login.firstToken());
        return login;
    }

    /** One rotation won the race for the login's first token: its successor is stored, and no loser's. */
    private void assertExactlyOneWon(SessionMother.Login login, List<RefreshToken.Rotation> rotations,
                                     List<Boolean> results) {
        assertEquals(1, results.stream().filter(won -> won).count(), "winners among " + results);
        RefreshToken.Rotation winner = rotations.get(results.indexOf(true));
        assertEquals(Optional.of(winner.rotated()), store.findByHash(login.firstToken().hash()));
        for (RefreshToken.Rotation rotation : rotations) {
            Optional<RefreshToken> successor = store.findByHash(rotation.successor().hash());
            assertEquals(rotation == winner ? Optional.of(winner.successor()) : Optional.empty(), successor);
        }
    }

    /** Races take turns: even rounds rotate in two steps, odd ones in one, as a refresh would on this store. */
    private Callable<Object> rotationInRound(int round, SessionMother.Login login, RefreshToken.Rotation rotation) {
        return round % 2 == 0
                ? () -> store.rotate(rotation)
                : () -> rotateIfActive(login.firstToken(), rotation).isPresent() || store.rotate(rotation);
    }

    private Optional<RefreshTokenStore.RotatedAtOnce> rotateIfActive(RefreshToken.Active token,
                                                                     RefreshToken.Rotation as) {
        return store.rotateIfActive(token.hash(), as.successor().hash(), as.rotated().rotatedAt(),
                as.successor().expiresAt());
    }

    private static ActiveSession activeSession(SessionMother.Login login, Instant lastUsedAt) {
        return new ActiveSession(login.session(), lastUsedAt);
    }

    private static PageRequest firstPage() {
        return new PageRequest(0, PageRequest.DEFAULT_SIZE, ANY_SORT);
    }

    private static List<SessionId> sessionIds(Page<ActiveSession> page) {
        return page.content().stream().map(active -> active.session().id()).toList();
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
