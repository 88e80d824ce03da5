package dev.authservice.application.session.port.out;

import static dev.authservice.application.fixtures.SessionMother.aLoginOf;
import static dev.authservice.application.fixtures.SessionMother.aTokenHash;
import static dev.authservice.application.fixtures.SessionMother.attemptOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.Refreshes;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.Refusal;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SessionStore}, with the {@link RevokedSessions} that goes with it, promises: above all, that a
 * refresh found, decided by {@link RefreshAttempt#decide} and written in one transaction does exactly what the domain
 * decided, whatever state the token, its session and its owner are in ({@link SessionStoreProperties}, generated), and
 * however such refreshes race (here). An implementation's test extends this class and hands out an empty store, its
 * transactions, its deny-list, the user store its owners live in, and a look at a stored token.
 * Times are recent: a deny-list may forget revocations older than an access token's lifetime.
 */
public abstract class SessionStoreContract {

    private static final int RACERS = 8;
    private SessionStore store;
    private Transactions transactions;
    private RevokedSessions revokedSessions;
    private UserStore users;
    private UserAccount alice;
    private Instant now;

    /** A store without any session; called before each test. */
    protected abstract SessionStore emptySessionStore();

    /** The transactions the store's methods join, as a use case's do. */
    protected abstract Transactions transactions();

    /** The deny-list that the store's revocations feed. */
    protected abstract RevokedSessions revokedSessions();

    /** The users of the store, whose enabled flag a attempt reads; called after {@link #emptySessionStore()}. */
    protected abstract UserStore userStore();

    /** The token with this hash as the store holds it, looked at from outside the port. */
    protected abstract Optional<RefreshToken> storedToken(RefreshTokenHash hash);

    @BeforeEach
    void startEmptyWithOneUser() {
        store = emptySessionStore();
        transactions = transactions();
        revokedSessions = revokedSessions();
        users = userStore();
        alice = UserAccountMother.alice();
        users.add(alice);
        now = TestTime.now();
    }

    @Test
    void aNewSessionIsLiveWithItsFirstTokenActive() {
        SessionMother.Login login = logIn();

        assertEquals(Optional.of(login.session()), store.find(login.sessionId()));
        assertEquals(Optional.of(login.firstToken()), storedToken(login.firstToken().hash()));
        assertFalse(revokedSessions.isRevoked(login.sessionId()));
    }

    @Test
    void aSessionWithoutClientDetailsIsFoundWithout() {
        Session anonymous = Session.start(new SessionId(UUID.randomUUID()), alice.id(), now, SessionMother.POLICY,
                null, null);
        store.start(anonymous, RefreshToken.issue(aTokenHash(), anonymous, now, SessionMother.POLICY));

        assertEquals(Optional.of(anonymous), store.find(anonymous.id()));
    }

    @Test
    void aSessionKeepsHowItsUserLoggedInAndARefreshNamesIt() {
        Session withTotp = Session.start(new SessionId(UUID.randomUUID()), alice.id(), now, SessionMother.POLICY,
                null, null, AuthenticationMethods.PASSWORD_AND_TOTP);
        RefreshToken.Active first = RefreshToken.issue(aTokenHash(), withTotp, now, SessionMother.POLICY);
        store.start(withTotp, first);

        assertEquals(Optional.of(withTotp), store.find(withTotp.id()));
        Decision refreshed = refresh(RefreshAttempt.of(first.hash(), aTokenHash(), now.plusSeconds(1),
                SessionMother.POLICY));
        assertEquals(Optional.of(withTotp), refreshed.match(
                rotate -> Optional.of(rotate.session()), repeat -> Optional.empty(), reuse -> Optional.empty(),
                refuse -> Optional.empty()));
    }

    @Test
    void aSessionWhoseUserProvesAgainWhoTheyAreKeepsHowAndWhenAndARefreshNamesIt() {
        SessionMother.Login login = logIn();
        Session reauthenticated = login.session().reauthenticate(AuthenticationMethods.DEVICE_BOUND_PASSKEY,
                now.plusSeconds(30)).orElseThrow();

        assertTrue(store.reauthenticate(reauthenticated));

        assertEquals(Optional.of(reauthenticated), store.find(login.sessionId()));
        Decision refreshed = refresh(RefreshAttempt.of(login.firstToken().hash(), aTokenHash(),
                now.plusSeconds(31), SessionMother.POLICY));
        assertEquals(Optional.of(reauthenticated), refreshed.match(
                rotate -> Optional.of(rotate.session()), repeat -> Optional.empty(), reuse -> Optional.empty(),
                refuse -> Optional.empty()));
    }

    @Test
    void aRevokedOrUnknownSessionIsNotAuthenticatedAgain() {
        SessionMother.Login login = logIn();
        Session reauthenticated = login.session().reauthenticate(AuthenticationMethods.PASSWORD,
                now.plusSeconds(30)).orElseThrow();
        store.revoke(login.sessionId(), RevocationReason.LOGOUT, now.plusSeconds(10));

        assertFalse(store.reauthenticate(reauthenticated), "revoked since it was read");
        assertEquals(now, store.find(login.sessionId()).orElseThrow().authenticatedAt());
        Session unknown = Session.start(new SessionId(UUID.randomUUID()), alice.id(), now, SessionMother.POLICY,
                null, null);
        assertFalse(store.reauthenticate(unknown));
        assertEquals(Optional.empty(), store.find(unknown.id()));
    }

    @Test
    void aSessionWhoseFirstTokenCannotBeStoredIsNotStoredEither() {
        SessionMother.Login first = logIn();
        Session second = aLoginOf(alice, now).session();
        RefreshToken.Active clashingToken = new RefreshToken.Active(first.firstToken().hash(), second.id(),
                alice.id(), now, now.plus(SessionMother.REFRESH_TOKEN_TTL));

        assertThrows(RuntimeException.class, () -> store.start(second, clashingToken));

        assertEquals(Optional.empty(), store.find(second.id()));
        assertEquals(Optional.of(first.firstToken()), storedToken(first.firstToken().hash()));
    }

    @Test
    void anUnknownSessionIsNotFound() {
        logIn();

        assertEquals(Optional.empty(), store.find(new SessionId(UUID.randomUUID())));
    }

    // ---------------------------------------------------------------------------------------------------------------
    // A refresh attempt: the store finds the record and writes the domain's decision on it, nothing more, nothing less,
    // in every world (SessionStoreProperties) and however attempts race (here).

    @Test
    void successorsRotateInTurnAndEachPresentedTokenIsUsedUp() {
        SessionMother.Login login = logIn();

        Decision.Rotate first = rotate(login.firstToken(), later(1));
        Decision.Rotate second = rotate(first.rotation().successor(), later(2));

        assertEquals(Optional.of(first.rotation().rotated()), storedToken(login.firstToken().hash()));
        assertEquals(Optional.of(second.rotation().rotated()), storedToken(first.rotation().successor().hash()));
        assertEquals(Optional.of(second.rotation().successor()), storedToken(second.rotation().successor().hash()));
        assertEquals(alice, second.owner());
    }

    /**
     * The race of two clients holding the same token (two tabs, or a thief): the store carries the attempts
     * out one after the other, as the domain decides them in turn. The first rotates; the second finds the token
     * rotated, which is reuse, and revokes the session; every later one finds the session revoked.
     */
    @Test
    void attemptsWithOneTokenAtOnceAreDecidedOneAfterTheOther() throws Exception {
        SessionMother.Login login = logIn();
        Instant at = later(1);
        List<RefreshAttempt> attempts = IntStream.range(0, RACERS)
                .mapToObj(i -> attemptOf(login.firstToken().hash(), at))
                .toList();

        List<Decision> decisions = AtTheSameTime.run(attempts.stream()
                .<Callable<Decision>>map(attempt -> () -> refresh(attempt))
                .toList());

        Map<String, Long> kinds = decisions.stream().collect(Collectors.groupingBy(
                decision -> decision.match(rotate -> "rotated", repeat -> "repeated", reuse -> "reuse",
                        refuse -> refuse.why().name()),
                Collectors.counting()));
        assertEquals(Map.of("rotated", 1L, "reuse", 1L, Refusal.SESSION_REVOKED.name(), (long) RACERS - 2), kinds);
        Decision.Rotate winner = decisions.stream().filter(Decision.Rotate.class::isInstance)
                .map(Decision.Rotate.class::cast).findFirst().orElseThrow();
        assertEquals(Optional.of(winner.rotation().rotated()), storedToken(login.firstToken().hash()));
        for (RefreshAttempt attempt : attempts) {
            assertEquals(attempt.successor().equals(winner.rotation().successor().hash())
                            ? Optional.of(winner.rotation().successor()) : Optional.empty(),
                    storedToken(attempt.successor()), "only the winner's successor is stored");
        }
        assertEquals(Optional.of(login.session().revoke(RevocationReason.REUSE_DETECTED, at)),
                store.find(login.sessionId()));
        assertTrue(revokedSessions.isRevoked(login.sessionId()));
    }

    /** Either may go first; the outcome is the domain's for that order, and no token of the session is let in. */
    @Test
    void anAttemptRacingARevocationEndsAsTheDomainDecidesForTheOrderTheyRanIn() throws Exception {
        for (int round = 0; round < 10; round++) { // a race goes one way or the other: run it a few times
            SessionMother.Login login = logIn();
            RefreshAttempt attempt = attemptOf(login.firstToken().hash(), later(1));

            List<Object> results = AtTheSameTime.run(List.<Callable<Object>>of(
                    () -> refresh(attempt),
                    () -> store.revoke(login.sessionId(), RevocationReason.LOGOUT, later(1))));

            assertRevokedAfterOrBefore(login, attempt, (Decision) results.get(0));
            assertEquals(true, results.get(1), "the session was live until the revocation");
        }
    }

    @Test
    void anAttemptRacingTheRevocationOfAllSessionsEndsAsTheDomainDecidesForTheOrderTheyRanIn() throws Exception {
        for (int round = 0; round < 10; round++) {
            SessionMother.Login login = logIn();
            SessionMother.Login other = logIn();
            RefreshAttempt attempt = attemptOf(login.firstToken().hash(), later(1));

            List<Object> results = AtTheSameTime.run(List.<Callable<Object>>of(
                    () -> refresh(attempt),
                    () -> store.revokeAllOf(alice.id(), Optional.empty(), RevocationReason.LOGOUT, later(1))));

            assertRevokedAfterOrBefore(login, attempt, (Decision) results.get(0));
            assertEquals(Optional.of(other.session().revoke(RevocationReason.LOGOUT, later(1))),
                    store.find(other.sessionId()));
        }
    }

    /** Rotated, then revoked; or revoked, then refused: nothing else. */
    private void assertRevokedAfterOrBefore(SessionMother.Login login, RefreshAttempt attempt, Decision decision) {
        assertEquals(Optional.of(login.session().revoke(RevocationReason.LOGOUT, later(1))),
                store.find(login.sessionId()));
        assertTrue(revokedSessions.isRevoked(login.sessionId()));
        decision.match(rotate -> {
            assertEquals(Optional.of(rotate.rotation().rotated()), storedToken(login.firstToken().hash()));
            assertEquals(Optional.of(rotate.rotation().successor()), storedToken(attempt.successor()));
            return null;
        }, repeat -> {
            throw new AssertionError("nothing was repeated: " + repeat);
        }, reuse -> {
            throw new AssertionError("nothing was reused: " + reuse);
        }, refuse -> {
            assertEquals(new Decision.Refuse(Refusal.SESSION_REVOKED, Optional.of(login.firstToken())), refuse);
            assertEquals(Optional.of(login.firstToken()), storedToken(login.firstToken().hash()));
            assertEquals(Optional.empty(), storedToken(attempt.successor()));
            return null;
        });
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Revoking sessions: the session's state changes; its tokens keep theirs.

    @Test
    void revokingASessionRecordsWhyAndWhenLeavesItsTokensAsTheyWereAndReportsIt() {
        SessionMother.Login login = logIn();
        Decision.Rotate rotate = rotate(login.firstToken(), later(1));

        assertTrue(store.revoke(login.sessionId(), RevocationReason.LOGOUT, later(2)));

        assertEquals(Optional.of(login.session().revoke(RevocationReason.LOGOUT, later(2))),
                store.find(login.sessionId()));
        assertEquals(Optional.of(rotate.rotation().rotated()), storedToken(login.firstToken().hash()));
        assertEquals(Optional.of(rotate.rotation().successor()), storedToken(rotate.rotation().successor().hash()));
        assertTrue(revokedSessions.isRevoked(login.sessionId()));
    }

    @Test
    void revokingARevokedSessionChangesNothingAndReportsItWasNotLive() {
        SessionMother.Login login = logIn();
        store.revoke(login.sessionId(), RevocationReason.REUSE_DETECTED, later(1));

        assertFalse(store.revoke(login.sessionId(), RevocationReason.LOGOUT, later(2)));

        assertEquals(Optional.of(login.session().revoke(RevocationReason.REUSE_DETECTED, later(1))),
                store.find(login.sessionId()));
        assertTrue(revokedSessions.isRevoked(login.sessionId()));
    }

    @Test
    void revokingAnUnknownSessionReportsItWasNotLive() {
        assertFalse(store.revoke(new SessionId(UUID.randomUUID()), RevocationReason.LOGOUT, now));
    }

    @Test
    void revokingASessionLeavesTheOtherSessionsOfItsUserAlone() {
        SessionMother.Login revoked = logIn();
        SessionMother.Login other = logIn();

        store.revoke(revoked.sessionId(), RevocationReason.LOGOUT, later(1));

        assertEquals(Optional.of(other.session()), store.find(other.sessionId()));
        assertFalse(revokedSessions.isRevoked(other.sessionId()));
    }

    /** Whatever a revocation's reason, and whichever way the session is revoked, it is stored. */
    @Test
    void everyReasonCanRevokeASession() {
        for (RevocationReason reason : RevocationReason.values()) {
            SessionMother.Login one = logIn();
            SessionMother.Login other = logIn();

            assertTrue(store.revoke(one.sessionId(), reason, later(1)), reason.name());
            assertEquals(1, store.revokeAllOf(alice.id(), Optional.empty(), reason, later(1)), reason.name());

            assertEquals(Optional.of(one.session().revoke(reason, later(1))), store.find(one.sessionId()));
            assertEquals(Optional.of(other.session().revoke(reason, later(1))), store.find(other.sessionId()));
        }
    }

    @Test
    void revokingTheSessionsOfAUserRevokesEachAsRevokingItAloneWould() {
        SessionMother.Login first = logIn();
        rotate(first.firstToken(), later(1));
        SessionMother.Login second = logIn();

        assertEquals(2, store.revokeAllOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR, later(2)));

        for (SessionMother.Login login : List.of(first, second)) {
            assertEquals(Optional.of(login.session().revoke(RevocationReason.ADMINISTRATOR, later(2))),
                    store.find(login.sessionId()));
            assertTrue(revokedSessions.isRevoked(login.sessionId()));
        }
        assertEquals(new Decision.Refuse(Refusal.SESSION_REVOKED, Optional.of(second.firstToken())),
                refresh(attemptOf(second.firstToken().hash(), later(3))));
        assertFalse(store.revoke(first.sessionId(), RevocationReason.LOGOUT, later(3)), "no longer live");
        assertEquals(List.of(), store.activeSessionsOf(alice.id(), firstPage(), later(3)).content());
    }

    @Test
    void revokingTheSessionsOfAUserSparesTheOneExcepted() {
        SessionMother.Login current = logIn();
        SessionMother.Login other = logIn();
        SessionMother.Login another = logIn();

        assertEquals(2, store.revokeAllOf(alice.id(), Optional.of(current.sessionId()),
                RevocationReason.PASSWORD_CHANGED, later(1)));

        assertEquals(Optional.of(current.session()), store.find(current.sessionId()));
        assertFalse(revokedSessions.isRevoked(current.sessionId()));
        for (SessionMother.Login revoked : List.of(other, another)) {
            assertTrue(revokedSessions.isRevoked(revoked.sessionId()));
        }
        assertEquals(List.of(activeSession(current, now)),
                store.activeSessionsOf(alice.id(), firstPage(), later(1)).content());
        rotate(current.firstToken(), later(2));
    }

    @Test
    void revokingTheSessionsOfAUserCountsOnlyThoseNotRevokedBefore() {
        SessionMother.Login loggedOut = logIn();
        store.revoke(loggedOut.sessionId(), RevocationReason.LOGOUT, later(1));
        logIn();

        assertEquals(1, store.revokeAllOf(alice.id(), Optional.empty(), RevocationReason.USER_DISABLED, later(2)));
        assertEquals(0, store.revokeAllOf(alice.id(), Optional.empty(), RevocationReason.USER_DISABLED, later(3)));

        assertEquals(Optional.of(loggedOut.session().revoke(RevocationReason.LOGOUT, later(1))),
                store.find(loggedOut.sessionId()), "the first revocation stands");
    }

    /** More than a store might put in one statement. */
    @Test
    void revokingTheSessionsOfAUserRevokesThemAllHoweverMany() {
        List<SessionMother.Login> logins = IntStream.range(0, 1_234).mapToObj(i -> logIn()).toList();

        assertEquals(logins.size() - 1, store.revokeAllOf(alice.id(), Optional.of(logins.get(700).sessionId()),
                RevocationReason.ADMINISTRATOR, later(1)));

        for (int i = 0; i < logins.size(); i++) {
            SessionMother.Login login = logins.get(i);
            assertEquals(i != 700, revokedSessions.isRevoked(login.sessionId()), "session " + i);
            assertEquals(i != 700, store.find(login.sessionId()).orElseThrow().isRevoked(), "session " + i);
        }
    }

    @Test
    void revokingTheSessionsOfAUserWithoutAnyCountsNone() {
        assertEquals(0, store.revokeAllOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR, now));
        assertEquals(0, store.revokeAllOf(alice.id(), Optional.of(new SessionId(UUID.randomUUID())),
                RevocationReason.ADMINISTRATOR, now));
    }

    @Test
    void revokingTheSessionsOfAUserLeavesOtherUsersAlone() {
        UserAccount bob = UserAccountMother.bob();
        users.add(bob);
        SessionMother.Login ofAlice = logIn();
        SessionMother.Login ofBob = logInAs(bob, now);

        // Bob's session as the exception changes nothing either.
        assertEquals(1, store.revokeAllOf(alice.id(), Optional.of(ofBob.sessionId()), RevocationReason.ADMINISTRATOR,
                later(1)));

        assertTrue(revokedSessions.isRevoked(ofAlice.sessionId()));
        assertEquals(Optional.of(ofBob.session()), store.find(ofBob.sessionId()));
        assertFalse(revokedSessions.isRevoked(ofBob.sessionId()));
        assertEquals(List.of(activeSession(ofBob, now)),
                store.activeSessionsOf(bob.id(), firstPage(), later(1)).content());
    }

    /** Each session is counted by exactly one of the revocations that race to end it; none waits for ever. */
    @Test
    void revocationsRacingToRevokeTheSameSessionsCountEachOnce() throws Exception {
        List<SessionMother.Login> logins = IntStream.range(0, 5).mapToObj(i -> logIn()).toList();
        List<Callable<Integer>> racers = new ArrayList<>();
        for (int i = 0; i < RACERS / 2; i++) {
            racers.add(() -> store.revokeAllOf(alice.id(), Optional.empty(), RevocationReason.ADMINISTRATOR,
                    later(1)));
        }
        for (SessionMother.Login login : logins) {
            racers.add(() -> store.revoke(login.sessionId(), RevocationReason.LOGOUT, later(1)) ? 1 : 0);
        }

        List<Integer> counts = AtTheSameTime.run(racers);

        assertEquals(logins.size(), counts.stream().mapToInt(Integer::intValue).sum(), "counts " + counts);
        for (SessionMother.Login login : logins) {
            assertTrue(store.find(login.sessionId()).orElseThrow().isRevoked());
            assertTrue(revokedSessions.isRevoked(login.sessionId()));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Listing the sessions a client could still refresh.

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
        rotate(oldest.firstToken(), now); // the oldest login, used last

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
            Page<ActiveSession> page = store.activeSessionsOf(alice.id(), new PageRequest(number, 2),
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
            seen.addAll(sessionIds(store.activeSessionsOf(alice.id(), new PageRequest(page, 2), later(1))));
        }
        assertEquals(7, seen.size(), "every session on exactly one page");
    }

    @Test
    void revokedSessionsAreNotActive() {
        SessionMother.Login loggedOut = logIn();
        SessionMother.Login kept = logIn();
        store.revoke(loggedOut.sessionId(), RevocationReason.LOGOUT, later(1));

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
        assertEquals(Optional.of(expired.session()), store.find(expired.sessionId()), "still stored");
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
        RefreshToken.Active successor = rotate(login.firstToken(), later(1)).rotation().successor();

        assertEquals(List.of(activeSession(login, later(1))),
                store.activeSessionsOf(alice.id(), firstPage(), login.firstToken().expiresAt()).content());
        assertEquals(List.of(), store.activeSessionsOf(alice.id(), firstPage(), successor.expiresAt()).content());
    }

    @Test
    void otherUsersSessionsAreNotListed() {
        UserAccount bob = UserAccountMother.bob();
        users.add(bob);
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
        store.start(login.session(), login.firstToken());
        return login;
    }

    /** Presents {@code token} at {@code at}, which must rotate it. */
    private Decision.Rotate rotate(RefreshToken.Active token, Instant at) {
        return assertInstanceOf(Decision.Rotate.class, refresh(attemptOf(token.hash(), at)));
    }

    private Decision refresh(RefreshAttempt attempt) {
        return Refreshes.refresh(store, transactions, attempt);
    }

    private static ActiveSession activeSession(SessionMother.Login login, Instant lastUsedAt) {
        return new ActiveSession(login.session(), lastUsedAt);
    }

    private static PageRequest firstPage() {
        return new PageRequest(0, PageRequest.DEFAULT_SIZE);
    }

    private static List<SessionId> sessionIds(Page<ActiveSession> page) {
        return page.content().stream().map(active -> active.session().id()).toList();
    }

    private Instant later(int minutes) {
        return now.plus(Duration.ofMinutes(minutes));
    }
}
