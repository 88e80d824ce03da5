package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.session.port.in.AuthenticateUseCase.Query;
import dev.authservice.application.session.port.in.AuthenticateUseCase.Refusal;
import dev.authservice.application.session.port.in.AuthenticateUseCase.Result;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class AuthenticateServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration TTL = Duration.ofMinutes(15);
    private static final Duration SKEW = Duration.ofSeconds(30);
    private static final TokenPolicy POLICY = new TokenPolicy(TTL, Duration.ofDays(30), "auth-service", SKEW,
            Duration.ofDays(90), Duration.ZERO);
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final UserAccount ALICE = new UserAccount(
            new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001")), new Username("alice"),
            new PasswordHash("$argon2id$alice"), Set.of(), "Alice", "Sales", Instant.parse("2024-01-01T00:00:00Z"),
            true);
    private static final String COMPACT = "header.claims.signature";

    @Mock private AccessTokenCodec codec;
    @Mock private RevokedSessions revokedSessions;

    private AuthenticateService service;

    @BeforeEach
    void setUp() {
        service = new AuthenticateService(codec, revokedSessions, POLICY, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void aValidTokenAuthenticatesWithItsClaims() {
        AccessToken token = issuedAt(NOW.minus(Duration.ofMinutes(1)));

        assertEquals(new Result.Authenticated(token), authenticate(token));
    }

    @Test
    void aTokenTheCodecCannotDecodeIsInvalid() {
        when(codec.decode("not-a-token")).thenReturn(Optional.empty());

        assertEquals(new Result.Refused(Refusal.INVALID), service.authenticate(new Query("not-a-token")));
        verifyNoInteractions(revokedSessions);
    }

    /** The policy judges a token's times and issuer ({@code TokenPolicyTest} has every case); here, its verdicts. */
    @Test
    void aTokenThePolicyFindsInvalidIsInvalidAndNotLookedUp() {
        AccessToken fromTheFuture = issuedAt(NOW.plus(SKEW).plusSeconds(1));

        assertEquals(new Result.Refused(Refusal.INVALID), authenticate(fromTheFuture));
        verifyNoInteractions(revokedSessions);
    }

    @Test
    void aTokenThePolicyFindsExpiredIsExpiredAndNotLookedUp() {
        AccessToken expired = issuedAt(NOW.minus(TTL).minus(SKEW));

        assertEquals(new Result.Refused(Refusal.EXPIRED), authenticate(expired));
        verifyNoInteractions(revokedSessions);
    }

    @Test
    void aTokenOfARevokedSessionIsRevoked() {
        when(revokedSessions.isRevoked(SESSION)).thenReturn(true);

        assertEquals(new Result.Refused(Refusal.REVOKED), authenticate(issuedAt(NOW)));
    }

    private Result authenticate(AccessToken token) {
        when(codec.decode(COMPACT)).thenReturn(Optional.of(token));
        return service.authenticate(new Query(COMPACT));
    }

    private static AccessToken issuedAt(Instant issuedAt) {
        return AccessToken.issue("jti-1", ALICE, Session.start(SESSION, ALICE.id(), issuedAt.minusSeconds(3600), POLICY,
                null, null), issuedAt, POLICY);
    }
}
