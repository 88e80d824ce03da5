package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class TokenIssuerTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration ACCESS_TTL = Duration.ofMinutes(15);
    private static final Duration REFRESH_TTL = Duration.ofDays(30);
    private static final TokenPolicy POLICY =
            new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(30),
                    Duration.ofDays(90), Duration.ZERO);
    private static final SessionId SESSION_ID = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    /** Begun an hour ago, its user proving who they are again a minute ago. */
    private static final Session SESSION = Session.start(SESSION_ID, UserId.of("b0b00000-0000-4000-8000-000000000002"),
                    NOW.minus(Duration.ofHours(1)), POLICY, null, null)
            .reauthenticate(AuthenticationMethods.PASSWORD_AND_TOTP, NOW.minusSeconds(60)).orElseThrow();
        private static final UUID JTI = UUID.fromString("0000000a-0000-4000-8000-000000000001");
    private static final TokenIssuer.NewRefreshToken REFRESH_TOKEN =
            new TokenIssuer.NewRefreshToken("refresh-token", RefreshTokenHash.of("refresh-token"));

    @Mock private AccessTokenCodec codec;
    @Mock private RandomSource random;

    private TokenIssuer issuer;

    @BeforeEach
    void setUp() {
        issuer = new TokenIssuer(codec, random, SessionMother.SUCCESSORS, POLICY);
    }

    @Test
    void aNewRefreshTokenIsARandomValueKnownToTheStoreByItsSha256() {
        when(random.refreshTokenValue()).thenReturn("abc");

        TokenIssuer.NewRefreshToken token = issuer.newRefreshToken();

        assertEquals(new TokenIssuer.NewRefreshToken("abc",
                new RefreshTokenHash("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")), token);
    }

    @Test
    void aNewRefreshTokenNeverShowsItsValueInALogLine() {
        when(random.refreshTokenValue()).thenReturn("the-secret-refresh-token");

        assertFalse(issuer.newRefreshToken().toString().contains("the-secret-refresh-token"));
    }

    @Test
    void theAccessTokenCarriesTheUsersClaimsARandomJtiAndTheConfiguredIssuerAndTtl() {
        when(random.uuid()).thenReturn(JTI);
        when(codec.encode(any())).thenReturn("signed-access-token");

        issuer.issue(account(Set.of()), SESSION, REFRESH_TOKEN, NOW.plus(REFRESH_TTL), NOW);

        AccessToken token = signedAccessToken();
        assertAll(
                () -> assertEquals(JTI.toString(), token.tokenId()),
                () -> assertEquals("auth-service", token.issuer()),
                () -> assertEquals(new Username("bob"), token.subject()),
                () -> assertEquals(UserId.of("b0b00000-0000-4000-8000-000000000002"), token.userId()),
                () -> assertEquals(SESSION_ID, token.sessionId()),
                () -> assertEquals(AuthenticationMethods.PASSWORD_AND_TOTP, token.methods()),
                () -> assertEquals(NOW.minusSeconds(60), token.authenticatedAt()),
                () -> assertEquals("Bob", token.nickname()),
                () -> assertEquals("Engineering", token.department()),
                () -> assertEquals(NOW, token.issuedAt()),
                () -> assertEquals(NOW, token.notBefore()),
                () -> assertEquals(NOW.plus(ACCESS_TTL), token.expiresAt()));
    }

    @Test
    void anAccessTokenAloneIsOneOfTheSessionAsItIsNow() {
        when(random.uuid()).thenReturn(JTI);
        when(codec.encode(any())).thenReturn("signed-access-token");

        assertEquals("signed-access-token", issuer.accessToken(account(Set.of()), SESSION, NOW));

        assertEquals(AccessToken.issue(JTI.toString(), account(Set.of()), SESSION, NOW, POLICY), signedAccessToken());
    }

    @Test
    void theAccessTokenCarriesTheUsersRoles() {
        when(random.uuid()).thenReturn(JTI);
        when(codec.encode(any())).thenReturn("signed-access-token");

        issuer.issue(account(Set.of(Role.USER, Role.ADMIN)), SESSION, REFRESH_TOKEN, NOW.plus(REFRESH_TTL), NOW);

        assertEquals(Set.of(Role.USER, Role.ADMIN), signedAccessToken().roles());
    }

    @Test
    void everyAccessTokenGetsItsOwnJti() {
        UUID otherJti = UUID.fromString("0000000b-0000-4000-8000-000000000002");
        when(random.uuid()).thenReturn(JTI, otherJti);
        when(codec.encode(any())).thenReturn("signed-access-token");

        issuer.issue(account(Set.of()), SESSION, REFRESH_TOKEN, NOW.plus(REFRESH_TTL), NOW);
        issuer.issue(account(Set.of()), SESSION, REFRESH_TOKEN, NOW.plus(REFRESH_TTL), NOW);

        ArgumentCaptor<AccessToken> tokens = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec, times(2)).encode(tokens.capture());
        assertEquals(JTI.toString(), tokens.getAllValues().get(0).tokenId());
        assertEquals(otherJti.toString(), tokens.getAllValues().get(1).tokenId());
    }

    @Test
    void theIssuedTokensPairTheSignedAccessTokenWithTheRefreshTokenAndItsTtl() {
        when(random.uuid()).thenReturn(JTI);
        when(codec.encode(any())).thenReturn("signed-access-token");

        IssuedTokens tokens = issuer.issue(account(Set.of()), SESSION, REFRESH_TOKEN, NOW.plus(REFRESH_TTL), NOW);

        assertEquals(new IssuedTokens("signed-access-token", "refresh-token", REFRESH_TTL), tokens);
    }

    @Test
    void issuedTokensNeverShowInALogLine() {
        String text = new IssuedTokens("signed-access-token", "refresh-token", REFRESH_TTL).toString();

        assertFalse(text.contains("signed-access-token"), text);
        assertFalse(text.contains("refresh-token"), text);
    }

    private AccessToken signedAccessToken() {
        ArgumentCaptor<AccessToken> token = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(token.capture());
        return token.getValue();
    }

    private static UserAccount account(Set<Role> roles) {
        return new UserAccount(UserId.of("b0b00000-0000-4000-8000-000000000002"), new Username("bob"),
                new PasswordHash("$argon2id$bob"), roles, "Bob", "Engineering", Instant.parse("2024-01-01T00:00:00Z"),
                true);
    }
}
