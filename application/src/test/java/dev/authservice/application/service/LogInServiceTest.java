package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.port.in.IssuedTokens;
import dev.authservice.application.port.in.LogInUseCase.Command;
import dev.authservice.application.port.in.LogInUseCase.Result;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.Credentials;
import dev.authservice.domain.user.Password;
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
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class LogInServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Duration ACCESS_TTL = Duration.ofMinutes(15);
    private static final Duration REFRESH_TTL = Duration.ofDays(30);
    private static final TokenPolicy POLICY =
            new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(30));

    private static final ClientAddress CLIENT = new ClientAddress("203.0.113.7");
    private static final String USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64)";
    private static final Password ALICE_PASSWORD = new Password("alice-password");
    private static final Password WRONG_PASSWORD = new Password("not-alices-password");
    private static final PasswordHash ALICE_HASH = new PasswordHash("$argon2id$alice");
    private static final UserAccount ALICE = account("alice", ALICE_HASH, true);
    private static final LoginAttemptKey ALICE_FROM_CLIENT = LoginAttemptKey.of(ALICE.username(), CLIENT);

    /** What the service's RandomSource hands out: first the unguessable password behind the dummy hash. */
    private static final String DUMMY_PASSWORD = "dummy-password-nobody-knows";
    private static final PasswordHash DUMMY_HASH = new PasswordHash("$argon2id$dummy");
    private static final String REFRESH_TOKEN = "new-refresh-token";
    /** The hash of alice's password with the hasher's current parameters. */
    private static final PasswordHash REHASHED = new PasswordHash("$argon2id$v=19$m=65536$alice");

    @Mock private UserStore users;
    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;
    @Mock private SessionStore sessions;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private LogInService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        when(random.refreshTokenValue()).thenReturn(DUMMY_PASSWORD, REFRESH_TOKEN);
        when(hasher.hash(new Password(DUMMY_PASSWORD))).thenReturn(DUMMY_HASH);
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        service = new LogInService(users, hasher, attempts, sessions,
                new TokenIssuer(codec, random, POLICY), POLICY, random, audit, CLOCK);
    }

    @Test
    void theRightPasswordIssuesTokens() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        IssuedTokens tokens = assertInstanceOf(Result.LoggedIn.class, result).tokens();
        assertEquals(new IssuedTokens("signed-access-token", REFRESH_TOKEN, REFRESH_TTL), tokens);
    }

    @Test
    void theRightPasswordStartsASessionWithTheClientsAddressAndUserAgent() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        Session session = startedSession();
        assertEquals(Session.start(session.id(), ALICE.id(), NOW, CLIENT, USER_AGENT), session);
        assertEquals(RefreshToken.issue(RefreshTokenHash.of(REFRESH_TOKEN), session, NOW, POLICY),
                firstRefreshToken());
    }

    @Test
    void theAccessTokenBelongsToTheNewSession() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        AccessToken accessToken = signedAccessToken();
        assertAll(
                () -> assertEquals(ALICE.username(), accessToken.subject()),
                () -> assertEquals(ALICE.id(), accessToken.userId()),
                () -> assertEquals(startedSession().id(), accessToken.sessionId()),
                () -> assertEquals("auth-service", accessToken.issuer()),
                () -> assertEquals(NOW, accessToken.issuedAt()),
                () -> assertEquals(NOW.plus(ACCESS_TTL), accessToken.expiresAt()));
    }

    @Test
    void aClientWithoutAUserAgentCanLogIn() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();

        Result result = service.logIn(new Command(new Credentials(ALICE.username(), ALICE_PASSWORD), Requester.anonymous(CLIENT, null)));

        assertInstanceOf(Result.LoggedIn.class, result);
        assertNull(startedSession().userAgent());
    }

    @Test
    void aSuccessClearsTheFailuresOfThatUsernameAndAddress() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts).clear(ALICE_FROM_CLIENT);
    }

    @Test
    void aWrongPasswordIsInvalidCredentialsAndItsAttemptStaysCounted() {
        givenUser(ALICE);
        when(hasher.verify(WRONG_PASSWORD, ALICE_HASH)).thenReturn(false);

        Result result = service.logIn(aliceFromClient(WRONG_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts, never()).clear(any());
        verifyNoInteractions(sessions, codec);
    }

    @Test
    void anUnknownUserIsInvalidCredentialsAndItsAttemptStaysCounted() {
        Username nobody = new Username("nobody");
        when(users.findByUsername(nobody)).thenReturn(Optional.empty());

        Result result = service.logIn(new Command(new Credentials(nobody, ALICE_PASSWORD), Requester.anonymous(CLIENT, USER_AGENT)));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(attempts).tryAttempt(LoginAttemptKey.of(nobody, CLIENT), NOW);
        verify(attempts, never()).clear(any());
        verifyNoInteractions(sessions, codec);
    }

    @Test
    void anUnknownUserStillCostsExactlyOneVerificationAgainstTheDummyHash() {
        Username nobody = new Username("nobody");
        when(users.findByUsername(nobody)).thenReturn(Optional.empty());

        service.logIn(new Command(new Credentials(nobody, ALICE_PASSWORD), Requester.anonymous(CLIENT, USER_AGENT)));

        verify(hasher, times(1)).verify(any(), any());
        verify(hasher).verify(ALICE_PASSWORD, DUMMY_HASH);
    }

    @Test
    void theDummyHashIsMadeOnceFromAnUnpredictablePassword() {
        Username nobody = new Username("nobody");
        when(users.findByUsername(nobody)).thenReturn(Optional.empty());

        service.logIn(new Command(new Credentials(nobody, ALICE_PASSWORD), Requester.anonymous(CLIENT, USER_AGENT)));
        service.logIn(new Command(new Credentials(nobody, WRONG_PASSWORD), Requester.anonymous(CLIENT, USER_AGENT)));

        verify(hasher, times(1)).hash(any());
        verify(hasher).verify(WRONG_PASSWORD, DUMMY_HASH);
    }

    @Test
    void anUnknownUserIsRefusedEvenIfThePasswordMatchedTheDummyHash() {
        Username nobody = new Username("nobody");
        when(users.findByUsername(nobody)).thenReturn(Optional.empty());
        when(hasher.verify(any(), eq(DUMMY_HASH))).thenReturn(true);

        Result result = service.logIn(
                new Command(new Credentials(nobody, new Password(DUMMY_PASSWORD)), Requester.anonymous(CLIENT, USER_AGENT)));

        assertEquals(new Result.InvalidCredentials(), result);
        verifyNoInteractions(sessions, codec);
    }

    @Test
    void aDisabledUserWithTheRightPasswordIsInvalidCredentials() {
        givenUser(account("alice", ALICE_HASH, false));
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(attempts, never()).clear(any());
        verifyNoInteractions(sessions, codec);
    }

    @Test
    void aThrottledAttemptWaitsAsLongAsTheLogSays() {
        givenThrottled(ALICE_FROM_CLIENT, Duration.ofMinutes(5));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.Throttled(Duration.ofMinutes(5)), result);
    }

    @Test
    void aThrottledAttemptDoesNotEvenVerifyThePassword() {
        givenThrottled(ALICE_FROM_CLIENT, Duration.ofMinutes(5));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(hasher, never()).verify(any(), any());
        verify(attempts, never()).clear(any());
        verifyNoInteractions(users, sessions, codec);
    }

    @Test
    void aHashMadeWithOldParametersIsReplacedAfterASuccessfulLogin() {
        givenAlicesHashUpgraded(true, REHASHED);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(users).replacePasswordHash(ALICE.id(), ALICE_HASH, REHASHED);
        IssuedTokens tokens = assertInstanceOf(Result.LoggedIn.class, result).tokens();
        assertEquals(new IssuedTokens("signed-access-token", REFRESH_TOKEN, REFRESH_TTL), tokens);
        assertEquals(ALICE.id(), startedSession().userId());
    }

    /** The rehash expects the hash the password was verified against: it cannot undo a password change since. */
    @Test
    void theRehashReplacesOnlyTheHashThePasswordWasVerifiedAgainst() {
        givenAlicesHashUpgraded(true, REHASHED);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(users).findByUsername(ALICE.username());
        verify(users).replacePasswordHash(ALICE.id(), ALICE_HASH, REHASHED);
        verify(users).findById(ALICE.id());
        verifyNoMoreInteractions(users);
    }

    /**
     * Another login of the same user rehashed first, with a salt of its own: the hash it stored matches this password
     * as well, so this login goes on with it, and its own rehash is dropped.
     */
    @Test
    void aRehashLostToAnotherLoginsRehashStillLogsIn() {
        PasswordHash otherLoginsRehash = new PasswordHash("$argon2id$v=19$m=65536$alice-other-salt");
        givenAlicesRehashLostTo(otherLoginsRehash);
        givenPasswordMatches(ALICE_PASSWORD, otherLoginsRehash);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        IssuedTokens tokens = assertInstanceOf(Result.LoggedIn.class, result).tokens();
        assertEquals(new IssuedTokens("signed-access-token", REFRESH_TOKEN, REFRESH_TTL), tokens);
        assertEquals(ALICE.id(), startedSession().userId());
        verify(users, times(1)).replacePasswordHash(any(), any(), any());
        verify(sessions, never()).revoke(any(), any(), any());
    }

    /** The rehash lost to a password change: the new hash does not match this password, and the login fails. */
    @Test
    void aRehashLostToAPasswordChangeEndsTheNewSession() {
        PasswordHash changed = new PasswordHash("$argon2id$v=19$m=65536$a-new-password");
        givenAlicesRehashLostTo(changed);
        when(hasher.verify(ALICE_PASSWORD, changed)).thenReturn(false);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        SessionId started = startedSession().id();
        verify(sessions).revoke(started, RevocationReason.PASSWORD_CHANGED, NOW);
    }

    /** Alice logs in with her password, her hash needs a rehash, and {@code storedMeanwhile} was stored first. */
    private void givenAlicesRehashLostTo(PasswordHash storedMeanwhile) {
        givenAlicesHashUpgraded(false, storedMeanwhile);
    }

    /**
     * Alice logs in with her password and her hash needs a rehash to {@link #REHASHED}, whose compare-and-swap
     * {@code wins} or not; reading her again then finds {@code storedAfterwards}.
     */
    private void givenAlicesHashUpgraded(boolean wins, PasswordHash storedAfterwards) {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();
        when(hasher.needsRehash(ALICE_HASH)).thenReturn(true);
        when(hasher.hash(ALICE_PASSWORD)).thenReturn(REHASHED);
        when(users.replacePasswordHash(ALICE.id(), ALICE_HASH, REHASHED)).thenReturn(wins);
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE.withPasswordHash(storedAfterwards)));
    }

    @Test
    void aPasswordChangeBetweenTheCheckAndTheSessionStartEndsTheNewSession() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE.withPasswordHash(REHASHED)));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        SessionId started = startedSession().id();
        verify(sessions).revoke(started, RevocationReason.PASSWORD_CHANGED, NOW);
    }

    @Test
    void aDisableBetweenTheCheckAndTheSessionStartEndsTheNewSession() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE.withEnabled(false)));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        SessionId started = startedSession().id();
        verify(sessions).revoke(started, RevocationReason.USER_DISABLED, NOW);
    }

    @Test
    void aHashWithTheCurrentParametersIsLeftAlone() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();
        when(hasher.needsRehash(ALICE_HASH)).thenReturn(false);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertInstanceOf(Result.LoggedIn.class, result);
        verify(users, never()).replacePasswordHash(any(), any(), any());
        verify(hasher, never()).hash(ALICE_PASSWORD);
    }

    @Test
    void aWrongPasswordNeverRehashes() {
        givenUser(ALICE);
        when(hasher.verify(WRONG_PASSWORD, ALICE_HASH)).thenReturn(false);
        lenient().when(hasher.needsRehash(ALICE_HASH)).thenReturn(true);

        service.logIn(aliceFromClient(WRONG_PASSWORD));

        verify(users, never()).replacePasswordHash(any(), any(), any());
        verify(hasher, never()).hash(WRONG_PASSWORD);
    }

    @Test
    void aDisabledUserWithTheRightPasswordIsNotRehashed() {
        givenUser(account("alice", ALICE_HASH, false));
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        lenient().when(hasher.needsRehash(ALICE_HASH)).thenReturn(true);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(users, never()).replacePasswordHash(any(), any(), any());
        verify(hasher, never()).hash(ALICE_PASSWORD);
    }

    @Test
    void aThrottledAttemptNeverRehashes() {
        givenThrottled(ALICE_FROM_CLIENT, Duration.ofMinutes(5));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(hasher, never()).needsRehash(any());
        verify(hasher, never()).hash(ALICE_PASSWORD);
    }


    // The audit trail: one event per attempt, with the client as the request gave it.

    @Test
    void aLoginIsRecordedWithTheUserTheSessionAndTheClient() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOW, Requester.anonymous(CLIENT, USER_AGENT))
                .about(ALICE.id()).inSession(startedSession().id()), audit.only());
    }

    @Test
    void aWrongPasswordIsRecordedAsAFailureOfThatUser() {
        givenUser(ALICE);
        when(hasher.verify(WRONG_PASSWORD, ALICE_HASH)).thenReturn(false);

        service.logIn(aliceFromClient(WRONG_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, NOW, Requester.anonymous(CLIENT, USER_AGENT))
                .about(ALICE.id()).outcome(AuditOutcome.WRONG_PASSWORD), audit.only());
    }

    @Test
    void anUnknownUserIsRecordedAsAFailureOfNobody() {
        Username nobody = new Username("nobody");
        when(users.findByUsername(nobody)).thenReturn(Optional.empty());

        service.logIn(new Command(new Credentials(nobody, ALICE_PASSWORD), Requester.anonymous(CLIENT, USER_AGENT)));

        SecurityEvent failed = audit.only();
        assertEquals(SecurityEventType.LOGIN_FAILED, failed.type());
        assertEquals(Optional.empty(), failed.userId());
        assertEquals(Optional.of(AuditOutcome.UNKNOWN_USER), failed.outcome());
    }

    @Test
    void aDisabledAccountIsRecordedAsSuchThoughTheClientIsNotTold() {
        givenUser(account("alice", ALICE_HASH, false));
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(Optional.of(AuditOutcome.ACCOUNT_DISABLED), audit.only().outcome());
    }

    @Test
    void aThrottledAttemptIsRecordedWithItsClient() {
        givenThrottled(ALICE_FROM_CLIENT, Duration.ofMinutes(5));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, NOW, Requester.anonymous(CLIENT, USER_AGENT)),
                audit.only());
    }

    @Test
    void aLoginUndoneByAConcurrentDisableIsRecordedAsAFailureWithItsReason() {
        givenUser(ALICE);
        givenPasswordMatches(ALICE_PASSWORD, ALICE_HASH);
        givenTokensCanBeSigned();
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE.withEnabled(false)));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        SecurityEvent failed = audit.only();
        assertEquals(SecurityEventType.LOGIN_FAILED, failed.type());
        assertEquals(Optional.of(startedSession().id()), failed.sessionId());
        assertEquals(Optional.of(AuditOutcome.USER_DISABLED), failed.outcome());
    }

    private void givenUser(UserAccount user) {
        when(users.findByUsername(user.username())).thenReturn(Optional.of(user));
        // Read again after the session started, to see whether the account changed meanwhile: here it did not.
        lenient().when(users.findById(user.id())).thenReturn(Optional.of(user));
    }

    private void givenPasswordMatches(Password password, PasswordHash hash) {
        when(hasher.verify(password, hash)).thenReturn(true);
    }

    private void givenTokensCanBeSigned() {
        when(random.uuid()).thenAnswer(invocation -> UUID.randomUUID());
        when(codec.encode(any())).thenReturn("signed-access-token");
    }

    /** The attempt log refuses {@code key} for {@code wait}. */
    private void givenThrottled(LoginAttemptKey key, Duration wait) {
        when(attempts.tryAttempt(key, NOW)).thenReturn(Optional.of(wait));
    }

    private Session startedSession() {
        ArgumentCaptor<Session> session = ArgumentCaptor.forClass(Session.class);
        verify(sessions).start(session.capture(), any());
        return session.getValue();
    }

    private RefreshToken.Active firstRefreshToken() {
        ArgumentCaptor<RefreshToken.Active> token = ArgumentCaptor.forClass(RefreshToken.Active.class);
        verify(sessions).start(any(), token.capture());
        return token.getValue();
    }

    private AccessToken signedAccessToken() {
        ArgumentCaptor<AccessToken> token = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(token.capture());
        return token.getValue();
    }

    private static Command aliceFromClient(Password password) {
        return new Command(new Credentials(ALICE.username(), password), Requester.anonymous(CLIENT, USER_AGENT));
    }


    private static UserAccount account(String username, PasswordHash hash, boolean enabled) {
        return new UserAccount(new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001")),
                new Username(username), hash, Set.of(), "Alice", "Sales", Instant.parse("2024-01-01T00:00:00Z"),
                enabled);
    }
}
