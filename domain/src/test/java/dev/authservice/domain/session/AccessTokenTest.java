package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class AccessTokenTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration TTL = Duration.ofMinutes(15);
    private static final Duration SKEW = Duration.ofSeconds(30);
    private static final TokenPolicy POLICY = new TokenPolicy(TTL, Duration.ofDays(30), "auth-service", SKEW,
            Duration.ofDays(90), Duration.ZERO);
    private static final SessionId SESSION_ID = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    /** Without roles: the tests that are about roles say so in their names and build their own account. */
    private static final UserAccount BOB = new UserAccount(
            new UserId(UUID.fromString("b0b00000-0000-4000-8000-000000000002")),
            new Username("bob"),
            new PasswordHash("$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA"),
            Set.of(),
            "Bob",
            "Engineering",
            Instant.parse("2024-01-01T00:00:00Z"),
            true);
    /** Begun a day before now by a password: its end is far past any token's. */
    private static final Session SESSION = Session.start(SESSION_ID, BOB.id(), NOW.minus(Duration.ofDays(1)), POLICY,
            null, null, AuthenticationMethods.PASSWORD);

    @Nested
    class Issuing {

        @Test
        void issuingCopiesTheAccountsIdentityAndProfileClaims() {
            AccessToken token = AccessToken.issue("jti-1", BOB, SESSION, NOW, POLICY);

            assertAll(
                    () -> assertEquals("jti-1", token.tokenId()),
                    () -> assertEquals("auth-service", token.issuer()),
                    () -> assertEquals(new Username("bob"), token.subject()),
                    () -> assertEquals(BOB.id(), token.userId()),
                    () -> assertEquals(SESSION_ID, token.sessionId()),
                    () -> assertEquals("Bob", token.nickname()),
                    () -> assertEquals("Engineering", token.department()));
        }

        @Test
        void anIssuedTokenIsValidFromNowForExactlyTheTtl() {
            AccessToken token = AccessToken.issue("jti-1", BOB, SESSION, NOW, POLICY);

            assertAll(
                    () -> assertEquals(NOW, token.issuedAt()),
                    () -> assertEquals(NOW, token.notBefore()),
                    () -> assertEquals(NOW.plus(TTL), token.expiresAt()),
                    () -> assertEquals(TTL, Duration.between(token.issuedAt(), token.expiresAt())),
                    () -> assertEquals(TTL, token.timeToLive()));
        }

        @Test
        void aTokenSaysHowAndWhenItsSessionLastProvedWhoItsUserIs() {
            Session reauthenticated = SESSION.reauthenticate(AuthenticationMethods.PASSWORD_AND_TOTP,
                    NOW.minusSeconds(40)).orElseThrow();

            AccessToken token = AccessToken.issue("jti-1", BOB, reauthenticated, NOW, POLICY);

            assertAll(
                    () -> assertEquals(AuthenticationMethods.PASSWORD_AND_TOTP, token.methods()),
                    () -> assertEquals(NOW.minusSeconds(40), token.authenticatedAt()));
        }

        @Test
        void noTokenOutlivesItsSession() {
            Session endingSoon = new Session(SESSION_ID, BOB.id(), NOW.minus(Duration.ofDays(90)),
                    NOW.plus(Duration.ofMinutes(6)), null, null, Optional.empty(),
                    AuthenticationMethods.PASSWORD, NOW.minus(Duration.ofDays(90)));

            AccessToken token = AccessToken.issue("jti-1", BOB, endingSoon, NOW, POLICY);

            assertEquals(NOW.plus(Duration.ofMinutes(6)), token.expiresAt());
        }

        @Test
        void issuingCopiesTheAccountsRoles() {
            UserAccount admin = new UserAccount(BOB.id(), BOB.username(), BOB.passwordHash(),
                    Set.of(Role.USER, Role.ADMIN), "Bob", "Engineering", BOB.createdAt(), true);

            AccessToken token = AccessToken.issue("jti-1", admin, SESSION, NOW, POLICY);

            assertEquals(Set.of(Role.USER, Role.ADMIN), token.roles());
        }

        @Test
        void theRolesClaimIsAnImmutableCopy() {
            Set<Role> roles = new HashSet<>(Set.of(Role.USER));
            AccessToken token = tokenWithRoles(roles);

            roles.add(Role.ADMIN);

            assertEquals(Set.of(Role.USER), token.roles());
            assertThrows(UnsupportedOperationException.class, () -> token.roles().add(Role.ADMIN));
        }

        private AccessToken tokenWithRoles(Set<Role> roles) {
            return new AccessToken("jti-1", "auth-service", BOB.username(), BOB.id(), SESSION_ID, roles, "Bob",
                    "Engineering", NOW, NOW, NOW.plus(TTL), AuthenticationMethods.PASSWORD, NOW);
        }
    }

    @Nested
    class Expiry {

        private final AccessToken token = AccessToken.issue("jti-1", BOB, SESSION, NOW, POLICY);
        private final Instant exp = token.expiresAt();

        @Test
        void withoutSkewATokenIsValidUntilJustBeforeExp() {
            assertFalse(token.isExpiredAt(NOW, Duration.ZERO));
            assertFalse(token.isExpiredAt(exp.minusNanos(1), Duration.ZERO));
        }

        @Test
        void withoutSkewATokenIsExpiredAtExpItselfAndAfter() {
            assertTrue(token.isExpiredAt(exp, Duration.ZERO));
            assertTrue(token.isExpiredAt(exp.plusSeconds(1), Duration.ZERO));
        }

        @Test
        void theSkewExtendsValidityPastExp() {
            assertFalse(token.isExpiredAt(exp, SKEW));
            assertFalse(token.isExpiredAt(exp.plus(SKEW).minusNanos(1), SKEW));
        }

        @Test
        void aTokenIsExpiredOnceExpPlusSkewIsReached() {
            assertTrue(token.isExpiredAt(exp.plus(SKEW), SKEW));
            assertTrue(token.isExpiredAt(exp.plus(SKEW).plusSeconds(1), SKEW));
        }
    }

    @Nested
    class FromTheFuture {

        @Test
        void aTokenIssuedNowOrEarlierIsNotFromTheFuture() {
            assertFalse(issuedAt(NOW).isFromTheFuture(NOW, SKEW));
            assertFalse(issuedAt(NOW.minus(Duration.ofMinutes(5))).isFromTheFuture(NOW, SKEW));
            assertFalse(issuedAt(NOW).isFromTheFuture(NOW, Duration.ZERO));
        }

        @Test
        void anIssuedAtExactlyAtTheSkewBoundaryIsAccepted() {
            assertFalse(issuedAt(NOW.plus(SKEW)).isFromTheFuture(NOW, SKEW));
        }

        @Test
        void anIssuedAtBeyondTheSkewIsFromTheFuture() {
            assertTrue(issuedAt(NOW.plus(SKEW).plusNanos(1)).isFromTheFuture(NOW, SKEW));
            assertTrue(issuedAt(NOW.plusNanos(1)).isFromTheFuture(NOW, Duration.ZERO));
        }

        @Test
        void aNotBeforeBeyondTheSkewIsFromTheFutureEvenWhenIssuedAtIsNow() {
            AccessToken token = new AccessToken("jti-1", "auth-service", BOB.username(), BOB.id(), SESSION_ID,
                    BOB.roles(), "Bob", "Engineering", NOW, NOW.plus(SKEW).plusSeconds(1), NOW.plus(TTL),
                    AuthenticationMethods.PASSWORD, NOW);

            assertTrue(token.isFromTheFuture(NOW, SKEW));
        }

        @Test
        void aNotBeforeExactlyAtTheSkewBoundaryIsAccepted() {
            AccessToken token = new AccessToken("jti-1", "auth-service", BOB.username(), BOB.id(), SESSION_ID,
                    BOB.roles(), "Bob", "Engineering", NOW, NOW.plus(SKEW), NOW.plus(TTL),
                    AuthenticationMethods.PASSWORD, NOW);

            assertFalse(token.isFromTheFuture(NOW, SKEW));
        }

        private AccessToken issuedAt(Instant iat) {
            return AccessToken.issue("jti-1", BOB, SESSION, iat, POLICY);
        }
    }

    @Test
    void everyClaimIsRequired() {
        Set<Role> roles = Set.of();
        Username sub = BOB.username();
        UserId uid = BOB.id();
        Instant exp = NOW.plus(TTL);
        assertAll(
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        null, "iss", sub, uid, SESSION_ID, roles, "n", "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", null, sub, uid, SESSION_ID, roles, "n", "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", null, uid, SESSION_ID, roles, "n", "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, null, SESSION_ID, roles, "n", "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, null, roles, "n", "d", NOW, NOW, exp, AuthenticationMethods.PASSWORD,
                        NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, null, "n", "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, roles, null, "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, roles, "n", null, NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, roles, "n", "d", null, NOW, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, roles, "n", "d", NOW, null, exp,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, roles, "n", "d", NOW, NOW, null,
                        AuthenticationMethods.PASSWORD, NOW)),
                () -> assertThrows(NullPointerException.class, () -> new AccessToken(
                        "jti", "iss", sub, uid, SESSION_ID, roles, "n", "d", NOW, NOW, exp,
                        AuthenticationMethods.PASSWORD, null)));
    }
}
