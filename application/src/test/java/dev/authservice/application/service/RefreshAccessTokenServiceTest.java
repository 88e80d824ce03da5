package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.reset;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.application.port.in.IssuedTokens;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase.Result;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class RefreshAccessTokenServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Duration ACCESS_TTL = Duration.ofMinutes(15);
    private static final Duration REFRESH_TTL = Duration.ofDays(30);
    private static final TokenPolicy POLICY =
            new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(30));

    private static final String PRESENTED = "presented-refresh-token";
    private static final RefreshTokenHash PRESENTED_HASH = RefreshTokenHash.of(PRESENTED);
    private static final String SUCCESSOR = "successor-refresh-token";
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final UserAccount ALICE = account(true);

    /** Issued a day ago at login, so it has 29 days left. */
    private static final RefreshToken.Active ACTIVE =
            new RefreshToken.Active(PRESENTED_HASH, SESSION, ALICE.id(), NOW.minus(Duration.ofDays(1)),
                    NOW.plus(Duration.ofDays(29)));

    @Mock private RefreshTokenStore refreshTokens;
    @Mock private UserStore users;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private RefreshAccessTokenService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        service = new RefreshAccessTokenService(refreshTokens, users, new TokenIssuer(codec, random, POLICY), audit,
                CLOCK);
        // Every plausible token gets a successor made up front, for a store that rotates in one step.
        lenient().when(random.refreshTokenValue()).thenReturn(SUCCESSOR);
    }

    @Test
    void aStoreThatRotatesInOneStepAnswersTheCommonCaseWithoutReadingTheToken() {
        when(refreshTokens.rotateIfActive(PRESENTED_HASH, RefreshTokenHash.of(SUCCESSOR), NOW, NOW.plus(REFRESH_TTL)))
                .thenReturn(Optional.of(new RefreshTokenStore.RotatedAtOnce(SESSION, ALICE)));
        when(random.uuid()).thenReturn(UUID.fromString("0000000a-0000-4000-8000-000000000001"));
        when(codec.encode(any())).thenReturn("signed-access-token");

        Result result = service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        assertEquals(new IssuedTokens("signed-access-token", SUCCESSOR, REFRESH_TTL),
                assertInstanceOf(Result.Refreshed.class, result).tokens());
        ArgumentCaptor<AccessToken> accessToken = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(accessToken.capture());
        assertEquals(SESSION, accessToken.getValue().sessionId());
        assertEquals(ALICE.id(), accessToken.getValue().userId());
        verify(refreshTokens, never()).findByHash(any());
        verify(refreshTokens, never()).rotate(any());
        verifyNoInteractions(users);
        SecurityEvent recorded = audit.events().get(0);
        assertEquals(SecurityEventType.TOKEN_REFRESHED, recorded.type());
        assertEquals(Optional.of(ALICE.id()), recorded.userId());
        assertEquals(Optional.of(SESSION), recorded.sessionId());
    }

    @Test
    void whenTheStoreRotatesNothingInOneStepTheTokenIsReadAndRotatedWithTheSameSuccessor() {
        givenStored(ACTIVE);
        givenUser(ALICE);
        givenRotationSucceeds();

        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        verify(refreshTokens).rotateIfActive(PRESENTED_HASH, RefreshTokenHash.of(SUCCESSOR), NOW,
                NOW.plus(REFRESH_TTL));
        assertEquals(RefreshTokenHash.of(SUCCESSOR), storedRotation().successor().hash());
    }

    @ParameterizedTest
    @NullAndEmptySource
    void aMissingTokenIsRejectedWithoutAskingTheStore(String presented) {
        assertEquals(new Result.Rejected(), service.refresh(presented, RequesterMother.ANONYMOUS));
        verifyNoInteractions(refreshTokens, users, codec);
    }

    @Test
    void anOverlongTokenIsRejectedWithoutAskingTheStore() {
        assertEquals(new Result.Rejected(), service.refresh("x".repeat(257), RequesterMother.ANONYMOUS));
        verifyNoInteractions(refreshTokens, users, codec);
    }

    @Test
    void aTokenOfTheLongestAcceptedLengthIsLookedUp() {
        String longest = "x".repeat(256);
        when(refreshTokens.findByHash(RefreshTokenHash.of(longest))).thenReturn(Optional.empty());

        assertEquals(new Result.Rejected(), service.refresh(longest, RequesterMother.ANONYMOUS));
    }

    @Test
    void anUnknownTokenIsRejected() {
        when(refreshTokens.findByHash(PRESENTED_HASH)).thenReturn(Optional.empty());

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens, never()).rotate(any());
        verify(refreshTokens, never()).revokeSession(any(), any(), any());
    }

    @Test
    void anActiveTokenIsExchangedForNewTokens() {
        givenStored(ACTIVE);
        givenUser(ALICE);
        givenRotationSucceeds();

        Result result = service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        IssuedTokens tokens = assertInstanceOf(Result.Refreshed.class, result).tokens();
        assertEquals(new IssuedTokens("signed-access-token", SUCCESSOR, REFRESH_TTL), tokens);
        verify(refreshTokens, never()).revokeSession(any(), any(), any());
    }

    @Test
    void rotationUsesUpThePresentedTokenAndStoresASuccessorInTheSameSession() {
        givenStored(ACTIVE);
        givenUser(ALICE);
        givenRotationSucceeds();

        Result result = service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        RefreshToken.Rotation rotation = storedRotation();
        String newRefreshToken = assertInstanceOf(Result.Refreshed.class, result).tokens().refreshToken();
        assertAll(
                () -> assertEquals(PRESENTED_HASH, rotation.rotated().hash()),
                () -> assertEquals(NOW, rotation.rotated().rotatedAt()),
                () -> assertEquals(SESSION, rotation.successor().sessionId()),
                () -> assertEquals(ALICE.id(), rotation.successor().userId()),
                () -> assertEquals(NOW, rotation.successor().issuedAt()),
                () -> assertEquals(NOW.plus(REFRESH_TTL), rotation.successor().expiresAt()),
                () -> assertEquals(RefreshTokenHash.of(newRefreshToken), rotation.successor().hash()),
                () -> assertNotEquals(PRESENTED, newRefreshToken));
    }

    @Test
    void theNewAccessTokenBelongsToTheSameSession() {
        givenStored(ACTIVE);
        givenUser(ALICE);
        givenRotationSucceeds();

        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        ArgumentCaptor<AccessToken> accessToken = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(accessToken.capture());
        assertAll(
                () -> assertEquals(SESSION, accessToken.getValue().sessionId()),
                () -> assertEquals(ALICE.username(), accessToken.getValue().subject()),
                () -> assertEquals(NOW, accessToken.getValue().issuedAt()),
                () -> assertEquals(NOW.plus(ACCESS_TTL), accessToken.getValue().expiresAt()));
    }

    @Test
    void anExpiredTokenIsRejectedWithoutRevokingTheSession() {
        givenStored(new RefreshToken.Active(PRESENTED_HASH, SESSION, ALICE.id(), NOW.minus(REFRESH_TTL), NOW));

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens, never()).rotate(any());
        verify(refreshTokens, never()).revokeSession(any(), any(), any());
        verifyNoInteractions(codec);
    }

    @Test
    void aRevokedTokenIsRejected() {
        givenStored(ACTIVE.revoke(NOW.minus(Duration.ofHours(1))));

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens, never()).rotate(any());
        verifyNoInteractions(codec);
    }

    @Test
    void aRotatedTokenPresentedAgainIsRejectedAndItsSessionRevokedAsReuse() {
        givenStored(ACTIVE.rotate(RefreshTokenHash.of(SUCCESSOR), NOW.minus(Duration.ofHours(1)), REFRESH_TTL)
                .rotated());

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens).revokeSession(SESSION, RevocationReason.REUSE_DETECTED, NOW);
        verify(refreshTokens, never()).rotate(any());
        verifyNoInteractions(codec);
    }

    @Test
    void aRotatedTokenPresentedAfterItsExpiryIsStillReuse() {
        RefreshToken.Active old = new RefreshToken.Active(PRESENTED_HASH, SESSION, ALICE.id(),
                NOW.minus(Duration.ofDays(60)), NOW.minus(Duration.ofDays(30)));
        givenStored(old.rotate(RefreshTokenHash.of(SUCCESSOR), NOW.minus(Duration.ofDays(45)), REFRESH_TTL).rotated());

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens).revokeSession(SESSION, RevocationReason.REUSE_DETECTED, NOW);
    }

    @Test
    void losingTheRaceToRotateIsTreatedAsReuse() {
        givenRotatedByAnotherRequestAfterTheRead();
        givenUser(ALICE);
        when(random.refreshTokenValue()).thenReturn(SUCCESSOR);
        when(refreshTokens.rotate(any())).thenReturn(false);

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens).revokeSession(SESSION, RevocationReason.REUSE_DETECTED, NOW);
        verifyNoInteractions(codec);
    }

    /** A logout that revoked the token between the read and the rotation: too late, but not a reuse. */
    @Test
    void losingTheRaceToARevocationIsRejectedAsRevoked() {
        when(refreshTokens.findByHash(PRESENTED_HASH))
                .thenReturn(Optional.of(ACTIVE), Optional.of(ACTIVE.revoke(NOW)));
        givenUser(ALICE);
        when(random.refreshTokenValue()).thenReturn(SUCCESSOR);
        when(refreshTokens.rotate(any())).thenReturn(false);

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));

        verify(refreshTokens, never()).revokeSession(any(), any(), any());
        assertEquals(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).inSession(SESSION).detail("REVOKED"), audit.only());
        verifyNoInteractions(codec);
    }

    /** No store here deletes refresh tokens; one that did would not make this presentation a reuse. */
    @Test
    void aTokenThatVanishesDuringTheRaceIsRejectedWithoutRevokingTheSession() {
        when(refreshTokens.findByHash(PRESENTED_HASH)).thenReturn(Optional.of(ACTIVE), Optional.empty());
        givenUser(ALICE);
        when(refreshTokens.rotate(any())).thenReturn(false);

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));

        verify(refreshTokens, never()).revokeSession(any(), any(), any());
        assertEquals(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).inSession(SESSION).detail("UNKNOWN_TOKEN"), audit.only());
    }

    @Test
    void aTokenOfAUserWhoIsGoneIsRejected() {
        givenStored(ACTIVE);
        when(users.findById(ALICE.id())).thenReturn(Optional.empty());

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens, never()).rotate(any());
        verifyNoInteractions(codec);
    }

    @Test
    void aTokenOfADisabledUserIsRejected() {
        givenStored(ACTIVE);
        givenUser(account(false));

        assertEquals(new Result.Rejected(), service.refresh(PRESENTED, RequesterMother.ANONYMOUS));
        verify(refreshTokens, never()).rotate(any());
        verifyNoInteractions(codec);
    }

    // The audit trail: every outcome once, with the presenter's client; the rotation itself is routine.

    @Test
    void aRotationIsRecordedAsARoutineRefreshOfItsSession() {
        givenStored(ACTIVE);
        givenUser(ALICE);
        givenRotationSucceeds();

        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        assertEquals(SecurityEvent.of(SecurityEventType.TOKEN_REFRESHED, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).inSession(SESSION), audit.only());
        assertTrue(audit.only().type().isRoutine());
    }

    @Test
    void reuseIsRecordedWithTheClientThatPresentedTheCopy() {
        givenStored(ACTIVE.rotate(RefreshTokenHash.of(SUCCESSOR), NOW.minus(Duration.ofHours(1)), REFRESH_TTL)
                .rotated());
        when(refreshTokens.revokeSession(SESSION, RevocationReason.REUSE_DETECTED, NOW)).thenReturn(true);

        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        assertEquals(SecurityEvent.of(SecurityEventType.REFRESH_TOKEN_REUSED, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).inSession(SESSION).endingSessions(RevocationReason.REUSE_DETECTED, 1), audit.only());
    }

    @Test
    void aSessionAlreadyEndedByAnotherRequestIsNotCountedTwice() {
        givenStored(ACTIVE.rotate(RefreshTokenHash.of(SUCCESSOR), NOW.minus(Duration.ofHours(1)), REFRESH_TTL)
                .rotated());
        when(refreshTokens.revokeSession(SESSION, RevocationReason.REUSE_DETECTED, NOW)).thenReturn(false);

        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        assertEquals(0, audit.only().sessionsEnded().orElseThrow().count());
    }

    @Test
    void losingTheRaceIsRecordedAsReuse() {
        givenRotatedByAnotherRequestAfterTheRead();
        givenUser(ALICE);
        when(random.refreshTokenValue()).thenReturn(SUCCESSOR);
        when(refreshTokens.rotate(any())).thenReturn(false);

        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        assertEquals(SecurityEventType.REFRESH_TOKEN_REUSED, audit.only().type());
    }

    @Test
    void eachRejectionIsRecordedWithItsReason() {
        when(refreshTokens.findByHash(PRESENTED_HASH)).thenReturn(Optional.empty());
        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);
        service.refresh(null, RequesterMother.ANONYMOUS);
        assertEquals(List.of(Optional.of(RefreshAccessTokenService.UNKNOWN_TOKEN),
                Optional.of(RefreshAccessTokenService.UNKNOWN_TOKEN)), details());

        reset(refreshTokens);
        givenStored(new RefreshToken.Active(PRESENTED_HASH, SESSION, ALICE.id(), NOW.minus(REFRESH_TTL), NOW));
        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);
        givenStored(ACTIVE.revoke(NOW.minus(Duration.ofHours(1))));
        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);
        givenStored(ACTIVE);
        givenUser(account(false));
        service.refresh(PRESENTED, RequesterMother.ANONYMOUS);

        assertEquals(List.of(Optional.of("EXPIRED"), Optional.of("REVOKED"),
                Optional.of(RefreshAccessTokenService.ACCOUNT_DISABLED)), details().subList(2, 5));
        assertTrue(audit.types().stream().allMatch(SecurityEventType.REFRESH_REJECTED::equals));
        assertTrue(audit.events().subList(2, 5).stream()
                .allMatch(event -> event.userId().equals(Optional.of(ALICE.id()))
                        && event.sessionId().equals(Optional.of(SESSION))));
    }

    private List<Optional<String>> details() {
        return audit.events().stream().map(SecurityEvent::detail).toList();
    }

    private void givenStored(RefreshToken token) {
        when(refreshTokens.findByHash(PRESENTED_HASH)).thenReturn(Optional.of(token));
    }

    /** Read as active, then rotated by a request that got there first, so this request's rotation fails. */
    private void givenRotatedByAnotherRequestAfterTheRead() {
        RefreshToken.Rotated rotated =
                ACTIVE.rotate(RefreshTokenHash.of("another-requests-successor"), NOW, REFRESH_TTL).rotated();
        when(refreshTokens.findByHash(PRESENTED_HASH)).thenReturn(Optional.of(ACTIVE), Optional.of(rotated));
    }

    private void givenUser(UserAccount user) {
        when(users.findById(user.id())).thenReturn(Optional.of(user));
    }

    private void givenRotationSucceeds() {
        when(random.refreshTokenValue()).thenReturn(SUCCESSOR);
        when(random.uuid()).thenReturn(UUID.fromString("0000000a-0000-4000-8000-000000000001"));
        when(refreshTokens.rotate(any())).thenReturn(true);
        when(codec.encode(any())).thenReturn("signed-access-token");
    }

    private RefreshToken.Rotation storedRotation() {
        ArgumentCaptor<RefreshToken.Rotation> rotation = ArgumentCaptor.forClass(RefreshToken.Rotation.class);
        verify(refreshTokens).rotate(rotation.capture());
        return rotation.getValue();
    }

    private static UserAccount account(boolean enabled) {
        return new UserAccount(new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001")),
                new Username("alice"), new PasswordHash("$argon2id$alice"), Set.of(), "Alice", "Sales",
                Instant.parse("2024-01-01T00:00:00Z"), enabled);
    }
}
