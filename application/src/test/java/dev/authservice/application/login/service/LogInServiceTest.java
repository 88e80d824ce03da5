package dev.authservice.application.login.service;

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
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemoryPendingLoginStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.login.port.in.LogInUseCase.Command;
import dev.authservice.application.login.port.in.LogInUseCase.Result;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.service.PasswordCheck;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.TokenPolicy;
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
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/**
 * Logins against the in-memory user and session stores. The hasher, the attempt log, the random source and the token
 * codec are mocks: what is hashed or counted, and when, is the point. A request racing the login is played by the
 * hasher: while it checks or hashes the password, another request changes the store.
 */
@ExtendWith(MockitoExtension.class)
class LogInServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Duration ACCESS_TTL = Duration.ofMinutes(15);
    private static final Duration REFRESH_TTL = Duration.ofDays(30);
    private static final TokenPolicy POLICY =
            new TokenPolicy(ACCESS_TTL, REFRESH_TTL, "auth-service", Duration.ofSeconds(30),
                    Duration.ofDays(90), Duration.ZERO);

    private static final ClientAddress CLIENT = new ClientAddress("203.0.113.7");
    private static final String USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64)";
    private static final Password ALICE_PASSWORD = new Password("alice-password");
    private static final Password WRONG_PASSWORD = new Password("not-alices-password");
    private static final PasswordHash ALICE_HASH = new PasswordHash("$argon2id$alice");
    private static final UserAccount ALICE = account(ALICE_HASH, true);
    private static final LoginAttemptKey ALICE_FROM_CLIENT = LoginAttemptKey.of(ALICE.username(), CLIENT);
    private static final Username NOBODY = new Username("nobody");

    /** What the service's RandomSource hands out: first the unguessable password behind the dummy hash. */
    private static final String DUMMY_PASSWORD = "dummy-password-nobody-knows";
    private static final PasswordHash DUMMY_HASH = new PasswordHash("$argon2id$dummy");
    private static final String REFRESH_TOKEN = "new-refresh-token";
    /** The hash of alice's password with the hasher's current parameters. */
    private static final PasswordHash REHASHED = new PasswordHash("$argon2id$v=19$m=65536$alice");

    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final InMemoryPendingLoginStore pendingLogins = new InMemoryPendingLoginStore();
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private LogInService service;

    @BeforeEach
    void setUp() {
        when(random.refreshTokenValue()).thenReturn(DUMMY_PASSWORD, REFRESH_TOKEN);
        when(hasher.hash(new Password(DUMMY_PASSWORD))).thenReturn(DUMMY_HASH);
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(random.uuid()).thenAnswer(invocation -> UUID.randomUUID());
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
        service = logInService(Optional.of(passkeys));
    }

    /** @param passkeys empty where passkeys are off */
    private LogInService logInService(Optional<PasskeyStore> passkeys) {
        return new LogInService(new PasswordCheck(users, hasher, random), attempts,
                new SecondFactorCheck(secondFactors, new PlainSecretSealer(), new StepNumberTotpCodes()),
                new PendingLoginTickets(pendingLogins, SecondFactorPolicy.defaults(), passkeys, random),
                new SessionStart(users, sessions, new TokenIssuer(codec, random, SessionMother.SUCCESSORS, POLICY),
                        POLICY, random, audit),
                audit, CLOCK);
    }

    @Test
    void theRightPasswordIssuesTokens() {
        givenAlice(ALICE);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.LoggedIn(new IssuedTokens("signed-access-token", REFRESH_TOKEN, REFRESH_TTL)), result);
    }

    @Test
    void theRightPasswordStartsASessionWithTheClientsAddressAndUserAgent() {
        givenAlice(ALICE);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        Session session = startedSession();
        assertEquals(Session.start(session.id(), ALICE.id(), NOW, POLICY, CLIENT, USER_AGENT), session);
        assertEquals(List.of(new ActiveSession(session, NOW)), activeSessionsOfAlice());
        RefreshToken first = RefreshToken.issue(RefreshTokenHash.of(REFRESH_TOKEN), session, NOW, POLICY);
        assertEquals(Optional.of(first), sessions.token(first.hash()));
    }

    @Test
    void theAccessTokenBelongsToTheNewSession() {
        givenAlice(ALICE);

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
        givenAlice(ALICE);

        Result result = service.logIn(new Command(new Credentials(ALICE.username(), ALICE_PASSWORD),
                Requester.anonymous(CLIENT, null)));

        assertInstanceOf(Result.LoggedIn.class, result);
        assertNull(startedSession().userAgent());
    }

    @Test
    void aSuccessClearsTheFailuresOfThatUsernameAndAddress() {
        givenAlice(ALICE);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts).clear(ALICE_FROM_CLIENT);
    }

    @Test
    void aWrongPasswordIsInvalidCredentialsItsAttemptStaysCountedAndNoSessionStarts() {
        givenAlice(ALICE);

        Result result = service.logIn(aliceFromClient(WRONG_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts, never()).clear(any());
        assertEquals(List.of(), activeSessionsOfAlice());
        verifyNoInteractions(codec);
    }

    @Test
    void anUnknownUserIsInvalidCredentialsAndItsAttemptStaysCounted() {
        Result result = service.logIn(nobodyFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(attempts).tryAttempt(LoginAttemptKey.of(NOBODY, CLIENT), NOW);
        verify(attempts, never()).clear(any());
        verifyNoInteractions(codec);
    }

    @Test
    void anUnknownUserStillCostsExactlyOneVerificationAgainstTheDummyHash() {
        service.logIn(nobodyFromClient(ALICE_PASSWORD));

        verify(hasher, times(1)).verify(any(), any());
        verify(hasher).verify(ALICE_PASSWORD, DUMMY_HASH);
    }

    @Test
    void theDummyHashIsMadeOnceFromAnUnpredictablePassword() {
        service.logIn(nobodyFromClient(ALICE_PASSWORD));
        service.logIn(nobodyFromClient(WRONG_PASSWORD));

        verify(hasher, times(1)).hash(any());
        verify(hasher).verify(WRONG_PASSWORD, DUMMY_HASH);
    }

    @Test
    void anUnknownUserIsRefusedEvenIfThePasswordMatchedTheDummyHash() {
        when(hasher.verify(any(), eq(DUMMY_HASH))).thenReturn(true);

        assertEquals(new Result.InvalidCredentials(), service.logIn(nobodyFromClient(new Password(DUMMY_PASSWORD))));

        verifyNoInteractions(codec);
    }

    /** As an unknown user: the same one hash, so the answer's time tells no one which accounts have no password. */
    @Test
    void anAccountWithoutAPasswordIsInvalidCredentialsAtTheCostOfTheDummyHash() {
        users.add(UserAccount.signedUpThrough(ALICE.id(), ALICE.username(), Optional.empty(), Optional.empty(),
                NOW.minusSeconds(60)));
        when(hasher.verify(any(), eq(DUMMY_HASH))).thenReturn(true);

        assertEquals(new Result.InvalidCredentials(), service.logIn(aliceFromClient(ALICE_PASSWORD)));

        verify(hasher, times(1)).verify(any(), any());
        verify(hasher).verify(ALICE_PASSWORD, DUMMY_HASH);
        verifyNoInteractions(codec);
    }

    @Test
    void aPendingAccountWithTheRightPasswordIsTheAddressNotVerifiedAndNoSessionStarts() {
        givenAlice(UserAccount.signedUp(ALICE.id(), ALICE.username(), ALICE_HASH,
                new dev.authservice.domain.mail.EmailAddress("alice@example.com"), NOW.minusSeconds(60)));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.EmailNotVerified(), result);
        assertEquals(List.of(), activeSessionsOfAlice());
        assertEquals(Optional.of(dev.authservice.domain.audit.AuditOutcome.EMAIL_NOT_VERIFIED),
                audit.events().get(audit.events().size() - 1).outcome());
    }

    @Test
    void aPendingAccountWithAWrongPasswordIsInvalidCredentialsAsAnyOther() {
        givenAlice(UserAccount.signedUp(ALICE.id(), ALICE.username(), ALICE_HASH,
                new dev.authservice.domain.mail.EmailAddress("alice@example.com"), NOW.minusSeconds(60)));

        assertEquals(new Result.InvalidCredentials(), service.logIn(aliceFromClient(WRONG_PASSWORD)));
    }

    @Test
    void aDisabledUserWithTheRightPasswordIsInvalidCredentials() {
        givenAlice(ALICE.withEnabled(false));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(attempts, never()).clear(any());
        assertEquals(List.of(), activeSessionsOfAlice());
    }

    @Test
    void aThrottledAttemptWaitsAsLongAsTheLogSaysAndDoesNotEvenVerifyThePassword() {
        givenAlice(ALICE);
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofMinutes(5)));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.Throttled(Duration.ofMinutes(5)), result);
        verify(hasher, never()).verify(any(), any());
        verify(hasher, never()).needsRehash(any());
        verify(attempts, never()).clear(any());
        assertEquals(List.of(), activeSessionsOfAlice());
    }

    // The hash is upgraded to the hasher's current parameters at a successful login, the only moment the clear
    // password is at hand; never over anything but the hash the password was verified against.

    @Test
    void aHashMadeWithOldParametersIsReplacedAfterASuccessfulLogin() {
        givenAlice(ALICE);
        givenAlicesHashIsOld();

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertInstanceOf(Result.LoggedIn.class, result);
        assertEquals(REHASHED, storedHashOfAlice());
    }

    /**
     * Another login of the same user rehashed first, with a salt of its own: the hash it stored matches this password
     * as well, so this login goes on, and its own rehash is dropped.
     */
    @Test
    void aRehashLostToAnotherLoginsRehashStillLogsIn() {
        PasswordHash otherLoginsRehash = new PasswordHash("$argon2id$v=19$m=65536$alice-other-salt");
        givenAlice(ALICE);
        givenAlicesHashIsOld();
        whileHashing(() -> users.replacePasswordHash(ALICE.id(), ALICE_HASH, otherLoginsRehash));
        when(hasher.verify(ALICE_PASSWORD, otherLoginsRehash)).thenReturn(true);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertInstanceOf(Result.LoggedIn.class, result);
        assertEquals(otherLoginsRehash, storedHashOfAlice());
        assertEquals(List.of(new ActiveSession(startedSession(), NOW)), activeSessionsOfAlice());
    }

    /** The rehash lost to a password change: the new hash does not match this password, and the login fails. */
    @Test
    void aRehashLostToAPasswordChangeEndsTheNewSession() {
        PasswordHash changed = new PasswordHash("$argon2id$v=19$m=65536$a-new-password");
        givenAlice(ALICE);
        givenAlicesHashIsOld();
        whileHashing(() -> users.replacePasswordHash(ALICE.id(), ALICE_HASH, changed));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        assertEquals(changed, storedHashOfAlice());
        assertEquals(Optional.of(RevocationReason.PASSWORD_CHANGED), revocationOfTheStartedSession());
    }

    @Test
    void aPasswordChangeWhileThePasswordIsCheckedEndsTheNewSession() {
        givenAlice(ALICE);
        whileChecking(() -> users.replacePasswordHash(ALICE.id(), ALICE_HASH, REHASHED));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        assertEquals(Optional.of(RevocationReason.PASSWORD_CHANGED), revocationOfTheStartedSession());
    }

    @Test
    void aDisableWhileThePasswordIsCheckedEndsTheNewSession() {
        givenAlice(ALICE);
        whileChecking(() -> users.setEnabled(ALICE.id(), false));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.InvalidCredentials(), result);
        assertEquals(Optional.of(RevocationReason.USER_DISABLED), revocationOfTheStartedSession());
    }

    @Test
    void aHashWithTheCurrentParametersIsLeftAlone() {
        givenAlice(ALICE);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(ALICE_HASH, storedHashOfAlice());
        verify(hasher, never()).hash(ALICE_PASSWORD);
    }

    @Test
    void aWrongPasswordOrADisabledAccountIsNeverRehashed() {
        givenAlice(ALICE.withEnabled(false));
        lenient().when(hasher.needsRehash(ALICE_HASH)).thenReturn(true);

        service.logIn(aliceFromClient(WRONG_PASSWORD));
        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(ALICE_HASH, storedHashOfAlice());
        verify(hasher, never()).hash(ALICE_PASSWORD);
    }

    // A second factor: a confirmed TOTP turns the right password into a pending login.

    @Test
    void theRightPasswordOfAnAccountWithASecondFactorGivesATicketAndNoSession() {
        givenAlice(ALICE);
        givenAlicesTotp(true);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.SecondFactorRequired(REFRESH_TOKEN,
                List.of(SecondFactorMethod.TOTP, SecondFactorMethod.RECOVERY_CODE), Duration.ofMinutes(5)), result);
        assertEquals(List.of(), activeSessionsOfAlice());
        assertEquals(Optional.of(PendingLogin.begin(LoginTicketHash.of(REFRESH_TOKEN), ALICE.id(), ALICE_HASH, NOW,
                SecondFactorPolicy.defaults())), pendingLogins.find(LoginTicketHash.of(REFRESH_TOKEN)));
        verify(attempts, never()).clear(any());
        assertEquals(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_REQUIRED, NOW,
                Requester.anonymous(CLIENT, USER_AGENT)).about(ALICE.id()), audit.only());
    }

    @Test
    void aUserWhoHoldsAPasskeyMayProveTheSecondFactorWithIt() {
        givenAlice(ALICE);
        givenAlicesTotp(true);
        passkeys.add(PasskeyMother.aPasskey().ownedBy(ALICE).build());

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.SecondFactorRequired(REFRESH_TOKEN, List.of(SecondFactorMethod.TOTP,
                SecondFactorMethod.RECOVERY_CODE, SecondFactorMethod.PASSKEY), Duration.ofMinutes(5)), result);
    }

    @Test
    void whereThePasskeysAreOffNoneIsOfferedThoughOneIsStored() {
        service = logInService(Optional.empty());
        givenAlice(ALICE);
        givenAlicesTotp(true);
        passkeys.add(PasskeyMother.aPasskey().ownedBy(ALICE).build());

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.SecondFactorRequired(REFRESH_TOKEN, List.of(SecondFactorMethod.TOTP,
                SecondFactorMethod.RECOVERY_CODE), Duration.ofMinutes(5)), result);
    }

    @Test
    void anAuthenticatorAppWhoseCodesAreUsedUpIsNotOffered() {
        givenAlice(ALICE);
        givenAlicesTotp(true, new WrongCodes(WrongCodes.LIFETIME_LIMIT, 0, Optional.of(NOW)));

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.SecondFactorRequired(REFRESH_TOKEN, List.of(SecondFactorMethod.RECOVERY_CODE),
                Duration.ofMinutes(5)), result);
    }

    @Test
    void aPasskeyAloneAsksForNoSecondFactorAfterThePassword() {
        givenAlice(ALICE);
        passkeys.add(PasskeyMother.aPasskey().ownedBy(ALICE).build());

        assertInstanceOf(Result.LoggedIn.class, service.logIn(aliceFromClient(ALICE_PASSWORD)));
    }

    @Test
    void aTotpNotConfirmedYetChangesNothingAtLogin() {
        givenAlice(ALICE);
        givenAlicesTotp(false);

        Result result = service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(new Result.LoggedIn(new IssuedTokens("signed-access-token", REFRESH_TOKEN, REFRESH_TTL)), result);
    }

    @Test
    void aWrongPasswordOfAnAccountWithASecondFactorIsRefusedAsEver() {
        givenAlice(ALICE);
        givenAlicesTotp(true);

        assertEquals(new Result.InvalidCredentials(), service.logIn(aliceFromClient(WRONG_PASSWORD)));
    }

    private void givenAlicesTotp(boolean confirmed) {
        givenAlicesTotp(confirmed, WrongCodes.NONE);
    }

    private void givenAlicesTotp(boolean confirmed, WrongCodes wrongCodes) {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("k", new byte[] {1}), NOW);
        secondFactors.enrol(pending);
        if (confirmed) {
            secondFactors.confirm(pending, new TotpFactor.Confirmed(ALICE.id(), pending.secret(), NOW, NOW, 1,
                    wrongCodes), List.of());
        }
    }

    // The audit trail: one event per attempt, with the client as the request gave it.

    @Test
    void aLoginIsRecordedWithTheUserTheSessionAndTheClient() {
        givenAlice(ALICE);

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_SUCCEEDED, NOW, Requester.anonymous(CLIENT, USER_AGENT))
                .about(ALICE.id()).inSession(startedSession().id()), audit.only());
    }

    @Test
    void aWrongPasswordIsRecordedAsAFailureOfThatUser() {
        givenAlice(ALICE);

        service.logIn(aliceFromClient(WRONG_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, NOW, Requester.anonymous(CLIENT, USER_AGENT))
                .about(ALICE.id()).outcome(AuditOutcome.WRONG_PASSWORD), audit.only());
    }

    @Test
    void anUnknownUserIsRecordedAsAFailureOfNobody() {
        service.logIn(nobodyFromClient(ALICE_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, NOW, Requester.anonymous(CLIENT, USER_AGENT))
                .outcome(AuditOutcome.UNKNOWN_USER), audit.only());
    }

    @Test
    void aDisabledAccountIsRecordedAsSuchThoughTheClientIsNotTold() {
        givenAlice(ALICE.withEnabled(false));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(Optional.of(AuditOutcome.ACCOUNT_DISABLED), audit.only().outcome());
    }

    @Test
    void aThrottledAttemptIsRecordedWithItsClient() {
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofMinutes(5)));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_THROTTLED, NOW, Requester.anonymous(CLIENT, USER_AGENT)),
                audit.only());
    }

    @Test
    void aLoginUndoneByAConcurrentDisableIsRecordedAsAFailureWithItsReason() {
        givenAlice(ALICE);
        whileChecking(() -> users.setEnabled(ALICE.id(), false));

        service.logIn(aliceFromClient(ALICE_PASSWORD));

        assertEquals(SecurityEvent.of(SecurityEventType.LOGIN_FAILED, NOW, Requester.anonymous(CLIENT, USER_AGENT))
                .about(ALICE.id()).inSession(startedSession().id()).outcome(AuditOutcome.USER_DISABLED)
                .endingSessions(RevocationReason.USER_DISABLED, 1), audit.only());
    }

    /** {@code account} is stored, and only {@code ALICE_PASSWORD} matches its hash. */
    private void givenAlice(UserAccount account) {
        users.add(account);
        lenient().when(hasher.verify(ALICE_PASSWORD, ALICE_HASH)).thenReturn(true);
    }

    private void givenAlicesHashIsOld() {
        when(hasher.needsRehash(ALICE_HASH)).thenReturn(true);
        when(hasher.hash(ALICE_PASSWORD)).thenReturn(REHASHED);
    }

    /** Another request changes the store while this login checks alice's password, which matches. */
    private void whileChecking(Runnable change) {
        when(hasher.verify(ALICE_PASSWORD, ALICE_HASH)).thenAnswer(invocation -> {
            change.run();
            return true;
        });
    }

    /** Another request changes the store while this login hashes alice's password anew. */
    private void whileHashing(Runnable change) {
        when(hasher.hash(ALICE_PASSWORD)).thenAnswer(invocation -> {
            change.run();
            return REHASHED;
        });
    }

    private PasswordHash storedHashOfAlice() {
        return users.findById(ALICE.id()).orElseThrow().passwordHash();
    }

    private List<ActiveSession> activeSessionsOfAlice() {
        return sessions.activeSessionsOf(ALICE.id(), new PageRequest(0, 20), NOW).content();
    }

    /** The session this login started, as the store holds it now: known by the access token signed for it. */
    private Session startedSession() {
        return sessions.find(signedAccessToken().sessionId()).orElseThrow();
    }

    private Optional<RevocationReason> revocationOfTheStartedSession() {
        return startedSession().revocation().map(Session.Revocation::reason);
    }

    private AccessToken signedAccessToken() {
        ArgumentCaptor<AccessToken> token = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(token.capture());
        return token.getValue();
    }

    private static Command aliceFromClient(Password password) {
        return new Command(new Credentials(ALICE.username(), password), Requester.anonymous(CLIENT, USER_AGENT));
    }

    private static Command nobodyFromClient(Password password) {
        return new Command(new Credentials(NOBODY, password), Requester.anonymous(CLIENT, USER_AGENT));
    }

    private static UserAccount account(PasswordHash hash, boolean enabled) {
        return new UserAccount(new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001")),
                new Username("alice"), hash, Set.of(), "Alice", "Sales", Instant.parse("2024-01-01T00:00:00Z"),
                enabled);
    }
}
