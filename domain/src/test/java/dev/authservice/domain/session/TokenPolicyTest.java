package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.session.TokenPolicy.Verdict;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class TokenPolicyTest {

    private static final Duration ACCESS_TTL = Duration.ofMinutes(15);
    private static final Duration REFRESH_TTL = Duration.ofDays(30);
    private static final Duration SKEW = Duration.ofSeconds(30);
    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final UserAccount BOB = new UserAccount(
            new UserId(UUID.fromString("b0b00000-0000-4000-8000-000000000002")), new Username("bob"),
            new PasswordHash("$argon2id$v=19$m=65536,t=3,p=1$c2FsdA$aGFzaA"), Set.of(), "Bob", "Engineering",
            Instant.parse("2024-01-01T00:00:00Z"), true);

    @Test
    void theDefaultsOfTheContractMakeAPolicy() {
        TokenPolicy policy = new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", SKEW,
                Duration.ofDays(90), Duration.ZERO);

        assertEquals(ACCESS_TTL, policy.accessTokenTtl());
        assertEquals(REFRESH_TTL, policy.refreshTokenTtl());
        assertEquals("auth-service", policy.issuer());
        assertEquals(SKEW, policy.clockSkew());
    }

    @Test
    void aZeroSkewIsAllowed() {
        assertEquals(Duration.ZERO, new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ZERO,
                Duration.ofDays(90), Duration.ZERO).clockSkew());
    }

    @Test
    void tokenLifetimesMustBePositive() {
        assertThrows(IllegalArgumentException.class,
                () -> new TokenPolicy(Duration.ZERO, REFRESH_TTL, "auth-service", SKEW,
                        Duration.ofDays(90), Duration.ZERO));
        assertThrows(IllegalArgumentException.class,
                () -> new TokenPolicy(ACCESS_TTL, Duration.ofSeconds(-1), "auth-service", SKEW,
                        Duration.ofDays(90), Duration.ZERO));
    }

    @Test
    void aNegativeSkewIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(-1),
                        Duration.ofDays(90), Duration.ZERO));
    }

    /** What a user of an authentication service expects; 3650 days of access token is a forged login for years. */
    @Test
    void eachTimeHasACeilingAndItsRefusalSaysWhichAndWhatItIs() {
        assertEquals(new TokenPolicy(Duration.ofDays(1), Duration.ofDays(365), "auth-service", Duration.ofMinutes(5),
                Duration.ofDays(90), Duration.ZERO),
                new TokenPolicy(TokenPolicy.MAX_ACCESS_TOKEN_TTL, TokenPolicy.MAX_REFRESH_TOKEN_TTL, "auth-service",
                        TokenPolicy.MAX_CLOCK_SKEW,
                                Duration.ofDays(90), Duration.ZERO), "the ceilings themselves are allowed");
        InvalidValueException accessTokenTtl = assertThrows(InvalidValueException.class,
                () -> new TokenPolicy(Duration.ofDays(3650), REFRESH_TTL, "auth-service", SKEW,
                        Duration.ofDays(90), Duration.ZERO));
        assertEquals("accessTokenTtl", accessTokenTtl.field());
        assertEquals("accessTokenTtl must be at most 1d, was 3650d", accessTokenTtl.getMessage());
        InvalidValueException refreshTokenTtl = assertThrows(InvalidValueException.class,
                () -> new TokenPolicy(ACCESS_TTL, Duration.ofDays(366), "auth-service", SKEW,
                        Duration.ofDays(90), Duration.ZERO));
        assertEquals("refreshTokenTtl", refreshTokenTtl.field());
        assertEquals("refreshTokenTtl must be at most 365d, was 366d", refreshTokenTtl.getMessage());
        InvalidValueException clockSkew = assertThrows(InvalidValueException.class,
                () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(301),
                        Duration.ofDays(90), Duration.ZERO));
        assertEquals("clockSkew", clockSkew.field());
        assertEquals("clockSkew must be at most 5m, was 301s", clockSkew.getMessage());
    }

    @Test
    void everyPartIsRequired() {
        assertThrows(NullPointerException.class, () -> new TokenPolicy(null, REFRESH_TTL, "auth-service", SKEW,
                Duration.ofDays(90), Duration.ZERO));
        assertThrows(NullPointerException.class, () -> new TokenPolicy(ACCESS_TTL, null, "auth-service", SKEW,
                Duration.ofDays(90), Duration.ZERO));
        assertThrows(NullPointerException.class, () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, null, SKEW,
                Duration.ofDays(90), Duration.ZERO));
        assertThrows(NullPointerException.class, () -> new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", null,
                Duration.ofDays(90), Duration.ZERO));
    }

    @Test
    void tokensExpireTheirTtlAfterTheyAreIssued() {
        TokenPolicy policy = new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", SKEW,
                Duration.ofDays(90), Duration.ZERO);

        assertEquals(NOW.plus(ACCESS_TTL), policy.accessTokenExpiry(NOW));
        assertEquals(NOW.plus(REFRESH_TTL), policy.refreshTokenExpiry(NOW));
    }

    /** One access token issued just before a revocation: accepted until its exp plus the skew, dated a skew ahead. */
    @Test
    void aRevocationIsKeptAsLongAsAnAccessTokenIssuedBeforeItCanBeBelieved() {
        TokenPolicy policy = new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", SKEW,
                Duration.ofDays(90), Duration.ZERO);
        Instant revokedAt = NOW;
        // Issued by an instance whose clock runs a skew fast, a second's rounding longer than the ttl.
        AccessToken last = tokenIssuedAt(revokedAt.plus(SKEW), ACCESS_TTL.plusSeconds(1));
        Instant horizonEnd = revokedAt.plus(policy.revocationHorizon());

        assertEquals(Verdict.VALID, policy.judge(last, horizonEnd.minusNanos(1)));
        assertEquals(Verdict.EXPIRED, policy.judge(last, horizonEnd));
        assertEquals(ACCESS_TTL.plus(SKEW.multipliedBy(2)).plusSeconds(1), policy.revocationHorizon());
    }

    @Nested
    class JudgingAnAccessToken {

        private final TokenPolicy policy = new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", SKEW,
                Duration.ofDays(90), Duration.ZERO);

        @Test
        void oneIssuedALittleWhileAgoIsValid() {
            assertEquals(Verdict.VALID, policy.judge(tokenIssuedAt(NOW.minus(Duration.ofMinutes(1)), ACCESS_TTL), NOW));
        }

        @Test
        void oneOfAnotherIssuerIsInvalid() {
            AccessToken foreign = new AccessToken("jti-1", "someone-else", BOB.username(), BOB.id(), SESSION,
                    Set.of(), "Bob", "Engineering", NOW, NOW, NOW.plus(ACCESS_TTL), AuthenticationMethods.PASSWORD,
                    NOW);

            assertEquals(Verdict.INVALID, policy.judge(foreign, NOW));
        }

        @Test
        void oneIssuedInTheFutureIsInvalidBeyondTheSkewAndValidWithinIt() {
            assertEquals(Verdict.INVALID, policy.judge(tokenIssuedAt(NOW.plus(SKEW).plusSeconds(1), ACCESS_TTL), NOW));
            assertEquals(Verdict.VALID, policy.judge(tokenIssuedAt(NOW.plus(SKEW), ACCESS_TTL), NOW));
        }

        @Test
        void oneNotValidBeforeALaterTimeBeyondTheSkewIsInvalid() {
            AccessToken notYet = new AccessToken("jti-1", "auth-service", BOB.username(), BOB.id(), SESSION, Set.of(),
                    "Bob", "Engineering", NOW, NOW.plus(Duration.ofMinutes(5)), NOW.plus(ACCESS_TTL),
                    AuthenticationMethods.PASSWORD, NOW);

            assertEquals(Verdict.INVALID, policy.judge(notYet, NOW));
        }

        @Test
        void oneThatExpiredTheSkewAgoOrEarlierIsExpiredAndWithinTheSkewValid() {
            assertEquals(Verdict.EXPIRED, policy.judge(expiredAt(NOW.minus(SKEW).minusSeconds(1)), NOW));
            assertEquals(Verdict.EXPIRED, policy.judge(expiredAt(NOW.minus(SKEW)), NOW));
            assertEquals(Verdict.VALID, policy.judge(expiredAt(NOW.minus(SKEW).plusSeconds(1)), NOW));
        }

        @Test
        void oneMadeToLiveLongerThanThisServiceMakesThemIsInvalid() {
            Instant issued = NOW.minus(Duration.ofMinutes(1));

            assertEquals(Verdict.INVALID, policy.judge(tokenIssuedAt(issued, ACCESS_TTL.plusMinutes(45)), NOW));
        }

        @Test
        void aLifetimeASecondLongerIsTheRoundingOfTheDatesAndAccepted() {
            Instant issued = NOW.minus(Duration.ofMinutes(1));

            assertEquals(Verdict.VALID, policy.judge(tokenIssuedAt(issued, ACCESS_TTL.plusSeconds(1)), NOW));
            assertEquals(Verdict.INVALID, policy.judge(tokenIssuedAt(issued, ACCESS_TTL.plusSeconds(2)), NOW));
        }

        private AccessToken expiredAt(Instant expiresAt) {
            return tokenIssuedAt(expiresAt.minus(ACCESS_TTL), ACCESS_TTL);
        }
    }

    private static AccessToken tokenIssuedAt(Instant issuedAt, Duration lifetime) {
        return new AccessToken("jti-1", "auth-service", BOB.username(), BOB.id(), SESSION, Set.of(), "Bob",
                "Engineering", issuedAt, issuedAt, issuedAt.plus(lifetime), AuthenticationMethods.PASSWORD, issuedAt);
    }
}
