package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class RefreshTokenTest {

    private static final Instant LOGIN = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration TTL = Duration.ofDays(30);
    private static final TokenPolicy POLICY = new TokenPolicy(Duration.ofMinutes(15), TTL, "auth-service",
            Duration.ofSeconds(30), Duration.ofDays(90), Duration.ZERO);
    private static final Instant EXPIRY = LOGIN.plus(TTL);
    private static final RefreshTokenHash HASH = RefreshTokenHash.of("first-refresh-token");
    private static final RefreshTokenHash SUCCESSOR_HASH = RefreshTokenHash.of("second-refresh-token");
    private static final UserAccount OWNER = new UserAccount(
            new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001")), new Username("alice"),
            new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA"), Set.of(Role.USER), "Alice",
            "Sales", LOGIN, true);
    private static final Session SESSION = Session.start(
            new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001")), OWNER.id(), LOGIN, POLICY,
            new ClientAddress("203.0.113.7"), "ua");
    private static final UserId USER = OWNER.id();

    private final RefreshToken.Active issued = RefreshToken.issue(HASH, SESSION, LOGIN, POLICY);

    @Nested
    class Issuing {

        @Test
        void loginIssuesAnActiveTokenOfTheSessionThatLivesForThePolicysTtl() {
            assertAll(
                    () -> assertEquals(HASH, issued.hash()),
                    () -> assertEquals(SESSION.id(), issued.sessionId()),
                    () -> assertEquals(USER, issued.userId()),
                    () -> assertEquals(LOGIN, issued.issuedAt()),
                    () -> assertEquals(EXPIRY, issued.expiresAt()));
        }
    }

    @Nested
    class PresentingAnActiveTokenOfALiveSession {

        private final Instant refreshAt = LOGIN.plus(Duration.ofDays(3));

        @Test
        void rotatesIt() {
            Decision.Rotate rotate = assertInstanceOf(Decision.Rotate.class, presentAt(refreshAt, found(issued)));

            assertEquals(new RefreshToken.Rotated(HASH, SESSION.id(), USER, LOGIN, EXPIRY, refreshAt, Optional.empty()),
                    rotate.rotation().rotated());
            assertEquals(OWNER, rotate.owner());
        }

        @Test
        void movesTheSessionsLastUseToTheAttempt() {
            Decision.Rotate rotate = assertInstanceOf(Decision.Rotate.class, presentAt(refreshAt, found(issued)));

            assertEquals(refreshAt, rotate.rotation().sessionUsedAt());
        }

        @Test
        void theAccessTokenIsIssuedForTheSessionAsItIsNow() {
            Session reauthenticated = Session.start(SESSION.id(), USER, LOGIN, POLICY, null, null)
                    .reauthenticate(AuthenticationMethods.PASSWORD_AND_TOTP, LOGIN.plusSeconds(5)).orElseThrow();

            Decision.Rotate rotate = assertInstanceOf(Decision.Rotate.class, presentAt(refreshAt,
                    Optional.of(new TokenRecord(issued, reauthenticated, OWNER))));

            assertEquals(reauthenticated, rotate.session());
        }

        @Test
        void theSuccessorIsAnActiveTokenOfTheSameSessionThatLivesTheTtlFromTheRefresh() {
            Decision.Rotate rotate = assertInstanceOf(Decision.Rotate.class, presentAt(refreshAt, found(issued)));

            assertEquals(new RefreshToken.Active(SUCCESSOR_HASH, SESSION.id(), USER, refreshAt, refreshAt.plus(TTL)),
                    rotate.rotation().successor());
        }

        @Test
        void justBeforeItsExpiryRotatesIt() {
            assertInstanceOf(Decision.Rotate.class, presentAt(EXPIRY.minusNanos(1), found(issued)));
            assertFalse(issued.isExpiredAt(EXPIRY.minusNanos(1)));
        }

        @Test
        void atItsExpiryInstantAndAfterIsRefusedAsExpired() {
            assertEquals(refused(Refusal.EXPIRED, issued), presentAt(EXPIRY, found(issued)));
            assertEquals(refused(Refusal.EXPIRED, issued), presentAt(EXPIRY.plusSeconds(1), found(issued)));
            assertTrue(issued.isExpiredAt(EXPIRY));
        }

        @Test
        void whoseOwnerIsDisabledIsRefused() {
            TokenRecord ofDisabled = new TokenRecord(issued, SESSION, OWNER.withEnabled(false));

            assertEquals(refused(Refusal.OWNER_DISABLED, issued), presentAt(refreshAt, Optional.of(ofDisabled)));
        }

        @Test
        void expiredIsSaidBeforeTheOwnerIsLookedAt() {
            TokenRecord ofDisabled = new TokenRecord(issued, SESSION, OWNER.withEnabled(false));

            assertEquals(refused(Refusal.EXPIRED, issued), presentAt(EXPIRY, Optional.of(ofDisabled)));
        }
    }

    @Nested
    class TheSessionsAbsoluteLifetime {

        private final Instant end = SESSION.endsAt();
        /** Rotated ten days before the session ends: the policy's 30 days would outlive it. */
        private final RefreshToken.Active late = assertInstanceOf(Decision.Rotate.class,
                presentAt(end.minus(Duration.ofDays(10)), found(lastOfAChainUntil(end.minus(Duration.ofDays(10))))))
                .rotation().successor();

        @Test
        void noSuccessorOutlivesItsSession() {
            assertEquals(end, late.expiresAt());
        }

        @Test
        void noFirstTokenOutlivesItsSession() {
            Session oneDay = Session.start(SESSION.id(), USER, LOGIN, new TokenPolicy(Duration.ofMinutes(15), TTL,
                    "auth-service", Duration.ofSeconds(30), Duration.ofDays(1), Duration.ZERO), null, null);

            assertEquals(LOGIN.plus(Duration.ofDays(1)), RefreshToken.issue(HASH, oneDay, LOGIN, POLICY).expiresAt());
        }

        @Test
        void aTokenPresentedAtOrAfterTheEndIsRefusedAsTheSessionEnded() {
            // A token issued before its session kept an end can outlive it.
            RefreshToken.Active outliving = new RefreshToken.Active(HASH, SESSION.id(), USER, end.minusSeconds(60),
                    end.plus(TTL));

            assertInstanceOf(Decision.Rotate.class, presentAt(end.minusNanos(1000), found(outliving)));
            assertEquals(refused(Refusal.SESSION_ENDED, outliving), presentAt(end, found(outliving)));
            assertEquals(refused(Refusal.SESSION_ENDED, outliving), presentAt(end.plusSeconds(1), found(outliving)));
        }

        private RefreshToken.Active lastOfAChainUntil(Instant at) {
            return new RefreshToken.Active(HASH, SESSION.id(), USER, at.minus(Duration.ofDays(1)), at.plus(TTL));
        }
    }

    @Nested
    class PresentingARotatedTokenWithinAReuseGrace {

        private static final Duration GRACE = Duration.ofSeconds(30);
        private final Instant rotatedAt = LOGIN.plus(Duration.ofDays(3));
        private final Decision.Rotate rotation = assertInstanceOf(Decision.Rotate.class,
                presentAt(rotatedAt, found(issued)));
        private final RefreshToken.Rotated rotated = rotation.rotation().rotated();
        private final RefreshToken.Active successor = rotation.rotation().successor();

        @Test
        void repeatsTheRotationOnceWithTheSameSuccessor() {
            Instant again = rotatedAt.plusSeconds(2);

            assertEquals(new Decision.Repeat(rotated.repeat(again), successor, OWNER, SESSION),
                    presentAgain(rotated, again, GRACE, successor));
        }

        @Test
        void aSecondRepeatIsReuse() {
            RefreshToken.Rotated repeated = rotated.repeat(rotatedAt.plusSeconds(1));

            assertEquals(reuse(repeated, rotatedAt.plusSeconds(2)),
                    presentAgain(repeated, rotatedAt.plusSeconds(2), GRACE, successor));
        }

        @Test
        void atTheGracesEndOrWithoutOneItIsReuse() {
            assertEquals(reuse(rotated, rotatedAt.plus(GRACE)),
                    presentAgain(rotated, rotatedAt.plus(GRACE), GRACE, successor));
            assertEquals(reuse(rotated, rotatedAt), presentAgain(rotated, rotatedAt, Duration.ZERO, successor));
        }

        @Test
        void onceTheSuccessorIsRotatedItIsReuseNeverASecondBranch() {
            RefreshToken.Rotated usedSuccessor = assertInstanceOf(Decision.Rotate.class,
                    RefreshAttempt.of(successor.hash(), RefreshTokenHash.of("third"), rotatedAt.plusSeconds(1), POLICY)
                            .decide(found(successor))).rotation().rotated();

            assertEquals(reuse(rotated, rotatedAt.plusSeconds(2)),
                    presentAgain(rotated, rotatedAt.plusSeconds(2), GRACE, usedSuccessor));
        }

        /** A repeat hands the successor out again: not one the rules would refuse now, so then it is reuse. */
        @Test
        void aSuccessorTheRulesWouldRefuseIsNotRepeated() {
            Instant again = rotatedAt.plusSeconds(2);
            Session endingMeanwhile = new Session(SESSION.id(), USER, LOGIN, again, null, null, Optional.empty(),
                    AuthenticationMethods.PASSWORD, LOGIN);

            assertEquals(reuse(rotated, again), presentAgain(rotated, again, SESSION, OWNER.withEnabled(false)));
            assertEquals(new Decision.RevokeForReuse(rotated,
                            endingMeanwhile.revoke(RevocationReason.REUSE_DETECTED, again)),
                    presentAgain(rotated, again, endingMeanwhile, OWNER));
        }

        private Decision presentAgain(RefreshToken.Rotated token, Instant at, Session session, UserAccount owner) {
            return new RefreshAttempt(token.hash(), successor.hash(), at, at.plus(TTL), GRACE)
                    .decide(Optional.of(new TokenRecord(token, session, owner, Optional.of(successor))));
        }

        private Decision presentAgain(RefreshToken.Rotated token, Instant at, Duration grace,
                                      RefreshToken successorOnRecord) {
            return new RefreshAttempt(token.hash(), successorOnRecord.hash(), at, at.plus(TTL), grace)
                    .decide(Optional.of(new TokenRecord(token, SESSION, OWNER, Optional.of(successorOnRecord))));
        }
    }

    @Nested
    class PresentingARotatedToken {

        private final RefreshToken.Rotated rotated = rotatedAt(LOGIN.plus(Duration.ofDays(3)));

        @Test
        void isReuseAndRevokesTheSession() {
            Decision decision = presentAt(LOGIN.plus(Duration.ofDays(4)), found(rotated));

            assertEquals(reuse(rotated, LOGIN.plus(Duration.ofDays(4))), decision);
        }

        @Test
        void isReuseEvenAfterItWouldHaveExpiredAndWhateverItsOwner() {
            // A copy is out there, and so is its successor: the session ends, whoever presents it and whenever.
            TokenRecord ofDisabled = new TokenRecord(rotated, SESSION, OWNER.withEnabled(false));

            assertEquals(reuse(rotated, EXPIRY.plus(Duration.ofDays(365))),
                    presentAt(EXPIRY.plus(Duration.ofDays(365)), found(rotated)));
            assertEquals(reuse(rotated, LOGIN.plus(Duration.ofDays(4))),
                    presentAt(LOGIN.plus(Duration.ofDays(4)), Optional.of(ofDisabled)));
        }

        @Test
        void theLoserOfTwoPresentationsOfOneTokenIsReuse() {
            // The store carries presentations of one token out one after the other: the second finds it rotated.
            Instant at = LOGIN.plus(Duration.ofDays(3));
            Decision.Rotate winner = assertInstanceOf(Decision.Rotate.class, presentAt(at, found(issued)));

            Decision loser = presentAt(at, found(winner.rotation().rotated()));

            assertEquals(reuse(winner.rotation().rotated(), at), loser);
        }
    }

    @Nested
    class PresentingATokenOfARevokedSession {

        private final Session revoked = SESSION.revoke(RevocationReason.LOGOUT, LOGIN.plus(Duration.ofHours(1)));

        @Test
        void anActiveTokenIsRefused() {
            assertEquals(refused(Refusal.SESSION_REVOKED, issued),
                    presentAt(LOGIN.plus(Duration.ofHours(2)), Optional.of(new TokenRecord(issued, revoked, OWNER))));
        }

        @Test
        void aRotatedTokenIsRefusedAndNotReuse() {
            // Nothing left to revoke: the session ended already, and its tokens keep the states they had.
            RefreshToken.Rotated rotated = rotatedAt(LOGIN.plus(Duration.ofMinutes(30)));

            assertEquals(refused(Refusal.SESSION_REVOKED, rotated),
                    presentAt(LOGIN.plus(Duration.ofHours(2)), Optional.of(new TokenRecord(rotated, revoked, OWNER))));
        }

        @Test
        void anExpiredTokenIsRefusedForTheRevocation() {
            assertEquals(refused(Refusal.SESSION_REVOKED, issued),
                    presentAt(EXPIRY, Optional.of(new TokenRecord(issued, revoked, OWNER))));
        }
    }

    @Test
    void anUnknownHashIsRefusedWithNothingFound() {
        assertEquals(new Decision.Refuse(Refusal.UNKNOWN, Optional.empty()), presentAt(LOGIN, Optional.empty()));
    }

    @Test
    void aPresentationsSuccessorLivesThePolicysTtlFromThePresentation() {
        Instant at = LOGIN.plus(Duration.ofHours(5));

        RefreshAttempt attempt = RefreshAttempt.of(HASH, SUCCESSOR_HASH, at, POLICY);

        assertEquals(new RefreshAttempt(HASH, SUCCESSOR_HASH, at, at.plus(TTL), Duration.ZERO), attempt);
    }

    @Test
    void aDecisionIsMatchedByItsOwnFunction() {
        Decision.Rotate rotate = assertInstanceOf(Decision.Rotate.class, presentAt(LOGIN, found(issued)));
        Decision reuse = reuse(rotate.rotation().rotated(), LOGIN);
        Decision refuse = refused(Refusal.EXPIRED, issued);
        Decision repeat = new Decision.Repeat(rotate.rotation().rotated(), rotate.rotation().successor(), OWNER,
                SESSION);

        for (Decision decision : new Decision[] {rotate, repeat, reuse, refuse}) {
            assertEquals(decision.getClass().getSimpleName(), decision.match(
                    r -> "Rotate", r -> "Repeat", r -> "RevokeForReuse", r -> "Refuse"));
        }
    }

    @Test
    void onlyAnActiveTokenCanBeRotated() {
        // Rotating a used-up token does not compile; this keeps it that way.
        assertTrue(declares(RefreshToken.Active.class, "rotate"));
        assertFalse(declares(RefreshToken.Rotated.class, "rotate"));
    }

    @Test
    void aTokenIsFoundOnlyWithItsOwnSessionAndOwner() {
        Session another = Session.start(new SessionId(UUID.randomUUID()), USER, LOGIN, POLICY, null, null);
        UserAccount someoneElse = new UserAccount(new UserId(UUID.randomUUID()), new Username("bob"),
                OWNER.passwordHash(), Set.of(Role.USER), "Bob", "Engineering", LOGIN, true);

        assertThrows(IllegalArgumentException.class, () -> new TokenRecord(issued, another, OWNER));
        assertThrows(IllegalArgumentException.class, () -> new TokenRecord(issued, SESSION, someoneElse));
    }

    @Nested
    class Construction {

        @Test
        void anActiveTokenMustExpireAfterItIsIssued() {
            assertThrows(IllegalArgumentException.class,
                    () -> new RefreshToken.Active(HASH, SESSION.id(), USER, LOGIN, LOGIN));
            assertThrows(IllegalArgumentException.class,
                    () -> new RefreshToken.Active(HASH, SESSION.id(), USER, LOGIN, LOGIN.minusSeconds(1)));
        }

        @Test
        void anActiveTokenNeedsEveryField() {
            SessionId id = SESSION.id();
            assertAll(
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(null, id, USER, LOGIN, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, null, USER, LOGIN, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, id, null, LOGIN, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, id, USER, null, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, id, USER, LOGIN, null)));
        }

        @Test
        void aRotationsSuccessorIsIssuedInItsSessionAsItsTokenIsRotated() {
            RefreshToken.Rotated rotated = new RefreshToken.Rotated(HASH, SESSION.id(), USER, LOGIN, EXPIRY,
                    LOGIN.plusSeconds(5), Optional.empty());

            assertThrows(IllegalArgumentException.class, () -> new RefreshToken.Rotation(rotated,
                    new RefreshToken.Active(SUCCESSOR_HASH, SESSION.id(), USER, LOGIN.plusSeconds(6), EXPIRY)));
            assertThrows(IllegalArgumentException.class, () -> new RefreshToken.Rotation(rotated,
                    new RefreshToken.Active(SUCCESSOR_HASH, new SessionId(UUID.randomUUID()), USER,
                            LOGIN.plusSeconds(5), EXPIRY)));
        }

        @Test
        void aRotatedTokenNeedsEveryFieldIncludingWhenItWasRotated() {
            SessionId id = SESSION.id();
            assertAll(
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(null, id, USER, LOGIN, EXPIRY, LOGIN, Optional.empty())),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, null, USER, LOGIN, EXPIRY, LOGIN, Optional.empty())),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, id, null, LOGIN, EXPIRY, LOGIN, Optional.empty())),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, id, USER, null, EXPIRY, LOGIN, Optional.empty())),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, id, USER, LOGIN, null, LOGIN, Optional.empty())),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, id, USER, LOGIN, EXPIRY, null, Optional.empty())));
        }
    }

    private static Decision presentAt(Instant at, Optional<TokenRecord> found) {
        return RefreshAttempt.of(found.map(f -> f.token().hash()).orElse(HASH), SUCCESSOR_HASH, at, POLICY)
                .decide(found);
    }

    private static Optional<TokenRecord> found(RefreshToken token) {
        return Optional.of(new TokenRecord(token, SESSION, OWNER));
    }

    private static Decision refused(Refusal why, RefreshToken token) {
        return new Decision.Refuse(why, Optional.of(token));
    }

    /** The reuse of {@code rotated} of the live {@link #SESSION}, presented at {@code at}. */
    private static Decision reuse(RefreshToken.Rotated rotated, Instant at) {
        return new Decision.RevokeForReuse(rotated, SESSION.revoke(RevocationReason.REUSE_DETECTED, at));
    }

    private RefreshToken.Rotated rotatedAt(Instant at) {
        return assertInstanceOf(Decision.Rotate.class, presentAt(at, found(issued))).rotation().rotated();
    }

    private static boolean declares(Class<?> type, String methodName) {
        return Arrays.stream(type.getDeclaredMethods()).map(Method::getName).anyMatch(methodName::equals);
    }
}
