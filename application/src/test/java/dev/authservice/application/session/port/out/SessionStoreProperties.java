package dev.authservice.application.session.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.RefreshWorld;
import dev.authservice.application.fixtures.RefreshWorlds.OwnerWithSessions;
import dev.authservice.application.fixtures.RefreshWorlds;
import dev.authservice.application.fixtures.SessionHistory;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The generated half of {@link SessionStoreContract}: what a store finds for the domain, and what it writes of the
 * domain's rules, each held against worlds in which every field those rules may read is drawn ({@link RefreshWorlds}).
 * A store that re-implements a rule (in SQL, say) and misses a part of it, or a rule added to the domain that a store
 * does not know, meets a world where the two differ; jqwik then shrinks it to the smallest such world and prints it.
 * Where a store compares moments, as SQL does, the moment it is asked about sweeps every boundary of the world and a
 * microsecond either side, so that a comparison the wrong way round fails every run. An implementation's test extends
 * this class, as it extends the contract.
 */
public abstract class SessionStoreProperties {

    /** A deny-list keeps what is younger than an access token's life; what is revoked earlier is checked in the store. */
    private static final Duration RECENT = Duration.ofMinutes(5);

    /** A store, and its user store, without any session or user; called at the start of every try. */
    protected abstract SessionStore emptySessionStore();

    /** The transactions of the store last emptied, as a use case opens them. */
    protected abstract Transactions transactions();

    /** The users of the store last emptied. */
    protected abstract UserStore userStore();

    /** The deny-list that the store's revocations feed. */
    protected abstract RevokedSessions revokedSessions();

    /** The token with this hash as the store holds it, looked at from outside the port. */
    protected abstract Optional<RefreshToken> storedToken(RefreshTokenHash hash);

    @Provide
    protected Arbitrary<RefreshWorld> worlds() {
        return RefreshWorlds.all();
    }

    @Provide
    protected Arbitrary<OwnerWithSessions> ownersWithSessions() {
        return RefreshWorlds.ownersWithSessions();
    }

    @Provide
    protected Arbitrary<Revocations> revocations() {
        return Combinators.combine(RefreshWorlds.ownersWithSessions(),
                        Combinators.combine(Arbitraries.of(RevocationReason.class), RefreshWorlds.instants())
                                .as(Session.Revocation::new).list().ofMinSize(1).ofMaxSize(4),
                        Arbitraries.integers().between(-1, 5))
                .as(Revocations::new);
    }

    @Provide
    protected Arbitrary<Integer> pageSizes() {
        return Arbitraries.integers().between(1, 7);
    }

    /**
     * The store hands the domain every field it reads: what it finds for an attempt, in any world, is the record the
     * world holds (the token, its session and owner with all their fields, and whatever is stored under the
     * attempt's successor hash), or nothing for a hash nobody issued.
     */
    @Property(tries = 250)
    void theRecordFoundIsWhatTheWorldHoldsToTheLastField(@ForAll("worlds") RefreshWorld world) {
        SessionStore store = emptySessionStore();
        Optional<RefreshWorld.Arranged> arranged = world.arrange(store, transactions(), userStore());
        Assume.that(arranged.isPresent());

        assertEquals(arranged.get().onRecord(),
                transactions().inTransaction(() -> store.lockRecordOf(world.attempt())));
    }

    /**
     * The store writes what was decided: carrying the domain's decision out, in any world, leaves exactly what the
     * decision holds (tokens, session, the session's last use, deny-list, the list of live sessions) and changes
     * nothing else.
     */
    @Property(tries = 250)
    void whatTheDomainDecidedIsWrittenAndNothingElse(@ForAll("worlds") RefreshWorld world) {
        SessionStore store = emptySessionStore();
        Optional<RefreshWorld.Arranged> arranged = world.arrange(store, transactions(), userStore());
        Assume.that(arranged.isPresent());
        RefreshAttempt attempt = world.attempt();
        Decision decided = arranged.get().decision();

        transactions().inTransaction(() -> {
            store.lockRecordOf(attempt);
            store.carryOut(decided);
            return null;
        });

        List<RefreshToken> tokensAfter = new ArrayList<>(arranged.get().session().tokens());
        Session session = decided.match(rotate -> {
            tokensAfter.replaceAll(token -> token.hash().equals(attempt.presented()) ? rotate.rotation().rotated()
                    : token);
            tokensAfter.add(rotate.rotation().successor());
            return world.history().session();
        }, repeat -> {
            tokensAfter.replaceAll(token -> token.hash().equals(attempt.presented()) ? repeat.repeated() : token);
            return world.history().session();
        }, reuse -> reuse.session(), refuse -> world.history().session());
        Instant lastUsedAfter = decided.match(rotate -> rotate.rotation().sessionUsedAt(),
                repeat -> arranged.get().session().lastUsedAt(), reuse -> arranged.get().session().lastUsedAt(),
                refuse -> arranged.get().session().lastUsedAt());
        for (RefreshToken token : tokensAfter) {
            assertEquals(Optional.of(token), storedToken(token.hash()), "a token of the session");
        }
        assertEquals(tokensAfter.stream().filter(token -> token.hash().equals(attempt.successor())).findFirst(),
                storedToken(attempt.successor()), "the successor");
        assertEquals(Optional.of(session), store.find(session.id()), "the session");
        if (decided instanceof Decision.RevokeForReuse && isRecent(attempt.at())) {
            assertEquals(true, revokedSessions().isRevoked(session.id()), "the deny-list");
        }
        List<ActiveSession> listed = session.isLiveAt(attempt.at(), tokensAfter)
                ? List.of(new ActiveSession(session, lastUsedAfter)) : List.of();
        assertEquals(listed, store.activeSessionsOf(session.userId(), new PageRequest(0, 10), attempt.at()).content(),
                "the live sessions");
    }

    /**
     * A user's list of sessions is the live ones ({@link Session#isLiveAt}), most recently used first
     * ({@link ActiveSession#MOST_RECENTLY_USED_FIRST}), page after page, at every boundary of the world and a
     * microsecond either side ({@link #boundaries}).
     */
    @Property(tries = 100)
    void aUsersSessionsListedAreTheLiveOnesMostRecentlyUsedFirst(@ForAll("ownersWithSessions") OwnerWithSessions world,
                                                                 @ForAll("pageSizes") int pageSize) {
        SessionStore store = emptySessionStore();
        List<SessionHistory.Arranged> sessions = arrange(store, world);

        for (Instant at : boundaries(sessions)) {
            List<ActiveSession> live = sessions.stream()
                    .filter(session -> session.session().isLiveAt(at, session.tokens()))
                    .map(session -> new ActiveSession(session.session(), session.lastUsedAt()))
                    .sorted(ActiveSession.MOST_RECENTLY_USED_FIRST)
                    .toList();
            List<ActiveSession> listed = new ArrayList<>();
            for (int page = 0; page <= live.size() / pageSize; page++) {
                Page<ActiveSession> one = store.activeSessionsOf(world.owner().id(), new PageRequest(page, pageSize),
                        at);
                assertEquals(live.size(), one.totalElements(), "the count at " + at + ", on page " + page);
                listed.addAll(one.content());
            }
            assertEquals(live, listed, "the live sessions at " + at);
        }
    }

    /**
     * The clean-up forgets exactly the sessions that were over by its cutoff ({@link Session#wasOverBy}), with their
     * tokens, batch after batch; every other session and token stays as it was. The cutoff sweeps, in order, every
     * boundary of the world and a microsecond either side ({@link #boundaries}).
     */
    @Property(tries = 60)
    void theCleanUpForgetsTheSessionsOverByItsCutoffAndNothingElse(
            @ForAll("ownersWithSessions") OwnerWithSessions world, @ForAll("pageSizes") int batchSize) {
        SessionStore store = emptySessionStore();
        List<SessionHistory.Arranged> sessions = arrange(store, world);

        Optional<Instant> previous = Optional.empty();
        for (Instant cutoff : boundaries(sessions)) {
            int forgotten = 0;
            for (int batch = store.forgetOverBy(cutoff, batchSize); batch > 0;
                 batch = store.forgetOverBy(cutoff, batchSize)) {
                assertTrue(batch <= batchSize, "a batch of " + batch);
                forgotten += batch;
            }
            int newlyOver = 0;
            for (SessionHistory.Arranged arranged : sessions) {
                Session session = arranged.session();
                boolean over = session.wasOverBy(cutoff, arranged.tokens());
                boolean overBefore = previous.map(before -> session.wasOverBy(before, arranged.tokens())).orElse(false);
                newlyOver += over && !overBefore ? 1 : 0;
                assertEquals(over ? Optional.empty() : Optional.of(session), store.find(session.id()),
                        "session " + session.id() + " by " + cutoff);
                for (RefreshToken token : arranged.tokens()) {
                    assertEquals(over ? Optional.empty() : Optional.of(token), storedToken(token.hash()),
                            "a token of session " + session.id() + " by " + cutoff);
                }
            }
            assertEquals(newlyOver, forgotten, "the sessions forgotten by " + cutoff);
            previous = Optional.of(cutoff);
        }
    }

    /**
     * Ending all of a user's sessions but one (or none) is {@link Session#revoke} on each of them: a session revoked
     * already keeps its first revocation, and the count is of the sessions that were not revoked. The drawn
     * revocations come first; then every session's revocation is tried again beside its moment
     * ({@link #againBeside}).
     */
    @Property(tries = 150)
    void endingAllOfAUsersSessionsRevokesEachAsTheDomainDoes(@ForAll("revocations") Revocations world) {
        SessionStore store = emptySessionStore();
        List<SessionHistory.Arranged> arranged = arrange(store, world.sessions());
        Optional<SessionId> except = world.except(arranged);
        Map<SessionId, Session> sessions = new LinkedHashMap<>();
        arranged.forEach(session -> sessions.put(session.session().id(), session.session()));

        for (Session.Revocation revocation : world.revocations()) {
            endAllAsTheDomainDoes(store, world.sessions(), except, sessions, revocation);
        }
        for (Session.Revocation revocation : againBeside(sessions.values())) {
            endAllAsTheDomainDoes(store, world.sessions(), except, sessions, revocation);
        }
    }

    private void endAllAsTheDomainDoes(SessionStore store, OwnerWithSessions world, Optional<SessionId> except,
                                       Map<SessionId, Session> sessions, Session.Revocation revocation) {
        int ended = store.revokeAllOf(world.owner().id(), except, revocation.reason(), revocation.at());

        int expected = 0;
        for (Session before : List.copyOf(sessions.values())) {
            Session after = except.equals(Optional.of(before.id())) ? before
                    : before.revoke(revocation.reason(), revocation.at());
            expected += after.equals(before) ? 0 : 1;
            sessions.put(after.id(), after);
            assertEquals(Optional.of(after), store.find(before.id()), "session " + before.id() + " after " + revocation);
        }
        assertEquals(expected, ended, "the sessions ended by " + revocation);
    }

    /**
     * Revoking one session, again and again: the first revocation stands, and only it reports a live session. The
     * drawn revocations come first; then the session's revocation is tried again beside its moment
     * ({@link #againBeside}).
     */
    @Property(tries = 150)
    void theFirstRevocationOfASessionStands(@ForAll("revocations") Revocations world) {
        SessionStore store = emptySessionStore();
        List<SessionHistory.Arranged> sessions = arrange(store, world.sessions());
        Assume.that(!sessions.isEmpty());
        Session session = sessions.get(0).session();

        for (Session.Revocation revocation : world.revocations()) {
            session = revokeAsTheDomainDoes(store, session, revocation);
        }
        for (Session.Revocation revocation : againBeside(List.of(session))) {
            session = revokeAsTheDomainDoes(store, session, revocation);
        }
    }

    private static Session revokeAsTheDomainDoes(SessionStore store, Session session, Session.Revocation revocation) {
        Session after = session.revoke(revocation.reason(), revocation.at());

        assertEquals(!after.equals(session), store.revoke(session.id(), revocation.reason(), revocation.at()),
                "whether it was live until " + revocation);
        assertEquals(Optional.of(after), store.find(session.id()), "after " + revocation);
        return after;
    }

    /** An owner with sessions, some revocations, and which session to spare when ending all (-1 or past the end: none). */
    public record Revocations(OwnerWithSessions sessions, List<Session.Revocation> revocations, int spare) {

        Optional<SessionId> except(List<SessionHistory.Arranged> arranged) {
            return spare >= 0 && spare < arranged.size() ? Optional.of(arranged.get(spare).session().id())
                    : Optional.empty();
        }
    }

    /**
     * Every moment at which a session of the world stops being live (its end, its revocation, a token's expiry) and
     * a microsecond either side, in order. Between two of them, whether a session is live, or over by then, is what it
     * is beside them: a rule on either that a store writes again, comparing a moment the wrong way round, meets its
     * boundary here.
     */
    private static List<Instant> boundaries(List<SessionHistory.Arranged> sessions) {
        return sessions.stream()
                .flatMap(arranged -> Stream.of(Stream.of(arranged.session().endsAt()),
                                arranged.session().revocation().map(Session.Revocation::at).stream(),
                                arranged.tokens().stream().map(RefreshToken::expiresAt))
                        .flatMap(moments -> moments))
                .flatMap(SessionStoreProperties::beside)
                .distinct().sorted().toList();
    }

    /**
     * Each revoked session's revocation tried again a microsecond before its moment, at it and a microsecond after,
     * for another reason, so that a second revocation differs from the first in every way a store could let it
     * through: "the first stands" written again as a comparison of moments meets its boundary here.
     */
    private static List<Session.Revocation> againBeside(Iterable<Session> sessions) {
        List<Session.Revocation> again = new ArrayList<>();
        for (Session session : sessions) {
            session.revocation().ifPresent(first -> beside(first.at())
                    .map(moment -> new Session.Revocation(anotherReasonThan(first.reason()), moment))
                    .forEach(again::add));
        }
        return again;
    }

    private static Stream<Instant> beside(Instant moment) {
        return Stream.of(moment.minus(1, ChronoUnit.MICROS), moment, moment.plus(1, ChronoUnit.MICROS));
    }

    private static RevocationReason anotherReasonThan(RevocationReason reason) {
        RevocationReason[] reasons = RevocationReason.values();
        return reasons[(reason.ordinal() + 1) % reasons.length];
    }

    private List<SessionHistory.Arranged> arrange(SessionStore store, OwnerWithSessions world) {
        userStore().add(world.owner().withEnabled(true));
        List<SessionHistory.Arranged> sessions = new ArrayList<>();
        for (SessionHistory history : world.sessions()) {
            Optional<SessionHistory.Arranged> arranged = history.arrange(store, transactions(),
                    world.owner().withEnabled(true));
            Assume.that(arranged.isPresent());
            sessions.add(arranged.get());
        }
        if (!world.owner().enabled()) {
            userStore().setEnabled(world.owner().id(), false);
        }
        return sessions;
    }

    private static boolean isRecent(Instant at) {
        return at.isAfter(TestTime.now().minus(RECENT));
    }
}
