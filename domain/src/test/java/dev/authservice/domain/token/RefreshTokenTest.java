package dev.authservice.domain.token;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.token.RefreshToken.Presentation;
import dev.authservice.domain.user.UserId;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class RefreshTokenTest {

    private static final Instant LOGIN = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration TTL = Duration.ofDays(30);
    private static final Instant EXPIRY = LOGIN.plus(TTL);
    private static final RefreshTokenHash HASH = RefreshTokenHash.of("first-refresh-token");
    private static final RefreshTokenHash SUCCESSOR_HASH = RefreshTokenHash.of("second-refresh-token");
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final UserId USER = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));

    private final RefreshToken.Active issued = RefreshToken.issue(HASH, SESSION, USER, LOGIN, TTL);

    @Nested
    class Issuing {

        @Test
        void issuingStartsAnActiveTokenOfTheSessionThatLivesForTheTtl() {
            assertAll(
                    () -> assertEquals(HASH, issued.hash()),
                    () -> assertEquals(SESSION, issued.sessionId()),
                    () -> assertEquals(USER, issued.userId()),
                    () -> assertEquals(LOGIN, issued.issuedAt()),
                    () -> assertEquals(EXPIRY, issued.expiresAt()));
        }

        @Test
        void issuingWithANonPositiveTtlIsRefused() {
            assertThrows(IllegalArgumentException.class,
                    () -> RefreshToken.issue(HASH, SESSION, USER, LOGIN, Duration.ZERO));
            assertThrows(IllegalArgumentException.class,
                    () -> RefreshToken.issue(HASH, SESSION, USER, LOGIN, Duration.ofSeconds(-1)));
        }
    }

    @Nested
    class PresentingAnActiveToken {

        @Test
        void presentedRightAfterIssueIsAccepted() {
            assertEquals(Presentation.ACCEPTED, issued.presentedAt(LOGIN));
        }

        @Test
        void presentedJustBeforeExpiryIsAccepted() {
            assertEquals(Presentation.ACCEPTED, issued.presentedAt(EXPIRY.minusNanos(1)));
            assertFalse(issued.isExpiredAt(EXPIRY.minusNanos(1)));
        }

        @Test
        void presentedAtTheExpiryInstantItselfIsExpired() {
            assertEquals(Presentation.EXPIRED, issued.presentedAt(EXPIRY));
            assertTrue(issued.isExpiredAt(EXPIRY));
        }

        @Test
        void presentedAfterExpiryIsExpired() {
            assertEquals(Presentation.EXPIRED, issued.presentedAt(EXPIRY.plusSeconds(1)));
        }
    }

    @Nested
    class Rotating {

        private final Instant refreshAt = LOGIN.plus(Duration.ofDays(3));

        @Test
        void rotatingUsesTheTokenUpAndRecordsWhen() {
            RefreshToken.Rotated rotated = issued.rotate(SUCCESSOR_HASH, refreshAt, TTL).rotated();

            assertAll(
                    () -> assertEquals(HASH, rotated.hash()),
                    () -> assertEquals(SESSION, rotated.sessionId()),
                    () -> assertEquals(USER, rotated.userId()),
                    () -> assertEquals(LOGIN, rotated.issuedAt()),
                    () -> assertEquals(EXPIRY, rotated.expiresAt()),
                    () -> assertEquals(refreshAt, rotated.rotatedAt()));
        }

        @Test
        void rotatingGivesAnActiveSuccessorInTheSameSessionThatExpiresTtlFromNow() {
            Duration newTtl = Duration.ofDays(7);

            RefreshToken.Active successor = issued.rotate(SUCCESSOR_HASH, refreshAt, newTtl).successor();

            assertAll(
                    () -> assertEquals(SUCCESSOR_HASH, successor.hash()),
                    () -> assertEquals(SESSION, successor.sessionId()),
                    () -> assertEquals(USER, successor.userId()),
                    () -> assertEquals(refreshAt, successor.issuedAt()),
                    () -> assertEquals(refreshAt.plus(newTtl), successor.expiresAt()),
                    () -> assertEquals(Presentation.ACCEPTED, successor.presentedAt(refreshAt)));
        }

        @Test
        void rotatingJustBeforeExpiryIsAllowed() {
            RefreshToken.Rotation rotation = issued.rotate(SUCCESSOR_HASH, EXPIRY.minusNanos(1), TTL);

            assertEquals(EXPIRY.minusNanos(1), rotation.rotated().rotatedAt());
        }

        @Test
        void rotatingAnExpiredTokenIsRefused() {
            assertThrows(IllegalStateException.class, () -> issued.rotate(SUCCESSOR_HASH, EXPIRY, TTL));
            assertThrows(IllegalStateException.class, () -> issued.rotate(SUCCESSOR_HASH, EXPIRY.plusSeconds(1), TTL));
        }

        @Test
        void rotatedTokenPresentedAgainIsReuse() {
            RefreshToken.Rotated rotated = issued.rotate(SUCCESSOR_HASH, refreshAt, TTL).rotated();

            assertEquals(Presentation.REUSED, rotated.presentedAt(refreshAt.plusSeconds(1)));
        }

        @Test
        void rotatedTokenPresentedAfterItWouldHaveExpiredIsStillReuse() {
            RefreshToken.Rotated rotated = issued.rotate(SUCCESSOR_HASH, refreshAt, TTL).rotated();

            assertEquals(Presentation.REUSED, rotated.presentedAt(EXPIRY));
            assertEquals(Presentation.REUSED, rotated.presentedAt(EXPIRY.plus(Duration.ofDays(365))));
        }
    }

    @Nested
    class Revoking {

        private final Instant logoutAt = LOGIN.plus(Duration.ofHours(2));

        @Test
        void revokingKeepsTheTokensIdentityAndRecordsWhen() {
            RefreshToken.Revoked revoked = issued.revoke(logoutAt);

            assertAll(
                    () -> assertEquals(HASH, revoked.hash()),
                    () -> assertEquals(SESSION, revoked.sessionId()),
                    () -> assertEquals(USER, revoked.userId()),
                    () -> assertEquals(LOGIN, revoked.issuedAt()),
                    () -> assertEquals(EXPIRY, revoked.expiresAt()),
                    () -> assertEquals(logoutAt, revoked.revokedAt()));
        }

        @Test
        void revokedTokenPresentedIsRevokedBeforeAndAfterItsExpiry() {
            RefreshToken.Revoked revoked = issued.revoke(logoutAt);

            assertEquals(Presentation.REVOKED, revoked.presentedAt(logoutAt));
            assertEquals(Presentation.REVOKED, revoked.presentedAt(EXPIRY.plusSeconds(1)));
        }
    }

    @Nested
    class RefusedTransitions {

        @Test
        void onlyAnActiveTokenCanBeRotatedOrRevoked() {
            // Rotating or revoking a used-up token does not compile; this keeps it that way.
            assertTrue(declares(RefreshToken.Active.class, "rotate"));
            assertTrue(declares(RefreshToken.Active.class, "revoke"));
            for (Class<?> usedUp : new Class<?>[] {RefreshToken.Rotated.class, RefreshToken.Revoked.class}) {
                assertFalse(declares(usedUp, "rotate"), usedUp.getSimpleName() + " can be rotated");
                assertFalse(declares(usedUp, "revoke"), usedUp.getSimpleName() + " can be revoked");
            }
        }

        private static boolean declares(Class<?> type, String methodName) {
            return Arrays.stream(type.getMethods()).map(Method::getName).anyMatch(methodName::equals);
        }
    }

    @Nested
    class Construction {

        @Test
        void anActiveTokenMustExpireAfterItIsIssued() {
            assertThrows(IllegalArgumentException.class,
                    () -> new RefreshToken.Active(HASH, SESSION, USER, LOGIN, LOGIN));
            assertThrows(IllegalArgumentException.class,
                    () -> new RefreshToken.Active(HASH, SESSION, USER, LOGIN, LOGIN.minusSeconds(1)));
        }

        @Test
        void anActiveTokenNeedsEveryField() {
            assertAll(
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(null, SESSION, USER, LOGIN, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, null, USER, LOGIN, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, SESSION, null, LOGIN, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, SESSION, USER, null, EXPIRY)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Active(HASH, SESSION, USER, LOGIN, null)));
        }

        @Test
        void aRotatedTokenNeedsEveryFieldIncludingWhenItWasRotated() {
            assertAll(
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(null, SESSION, USER, LOGIN, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, null, USER, LOGIN, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, SESSION, null, LOGIN, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, SESSION, USER, null, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, SESSION, USER, LOGIN, null, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Rotated(HASH, SESSION, USER, LOGIN, EXPIRY, null)));
        }

        @Test
        void aRevokedTokenNeedsEveryFieldIncludingWhenItWasRevoked() {
            assertAll(
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Revoked(null, SESSION, USER, LOGIN, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Revoked(HASH, null, USER, LOGIN, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Revoked(HASH, SESSION, null, LOGIN, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Revoked(HASH, SESSION, USER, null, EXPIRY, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Revoked(HASH, SESSION, USER, LOGIN, null, LOGIN)),
                    () -> assertThrows(NullPointerException.class,
                            () -> new RefreshToken.Revoked(HASH, SESSION, USER, LOGIN, EXPIRY, null)));
        }
    }
}
