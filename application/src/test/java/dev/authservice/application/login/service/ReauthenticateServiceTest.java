package dev.authservice.application.login.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.ScriptedPasskeyVerifier;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.login.port.in.ReauthenticateUseCase.Command;
import dev.authservice.application.login.port.in.ReauthenticateUseCase.Result;
import dev.authservice.application.passkey.port.out.PasskeyVerifier;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.service.SessionReauthentication;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.passkey.VerifiedAssertion;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/**
 * Proving again who one is, against the in-memory stores; the hasher, the attempt log, the random source and the
 * token codec are mocks. A TOTP code is the number of its time step ({@link StepNumberTotpCodes}).
 */
@ExtendWith(MockitoExtension.class)
class ReauthenticateServiceTest {

    private static final Instant LOGIN = Instant.parse("2026-12-01T09:00:00Z");
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:10Z");
    private static final long STEP = NOW.getEpochSecond() / 30;
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final Password PASSWORD = new Password("alice-password");
    private static final RecoveryCode RECOVERY = new RecoveryCode("ABCDE23456");
    private static final LoginAttemptKey ALICE_FROM_CLIENT = LoginAttemptKey.of(ALICE.username(),
            RequesterMother.CLIENT_ADDRESS);

    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final ScriptedPasskeyVerifier verifier = new ScriptedPasskeyVerifier();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Passkey passkey = aPasskey().ownedBy(ALICE).withSignCount(5).build();
    private SessionMother.Login login;
    private ReauthenticateService service;

    @BeforeEach
    void setUp() {
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(hasher.verify(any(), any())).thenAnswer(invocation -> PASSWORD.equals(invocation.getArgument(0)));
        lenient().when(random.uuid()).thenAnswer(invocation -> UUID.randomUUID());
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
        users.add(ALICE);
        passkeys.add(passkey);
        login = SessionMother.aLoginOf(ALICE, LOGIN);
        sessions.start(login.session(), login.firstToken());
        service = new ReauthenticateService(users, hasher, attempts,
                new SecondFactorCheck(secondFactors, new PlainSecretSealer(), new StepNumberTotpCodes()),
                Optional.of(new PasskeyAssertionCheck(passkeys, challenges, verifier, PasskeyMother.RELYING_PARTY)),
                new SessionReauthentication(sessions,
                        new TokenIssuer(codec, random, SessionMother.SUCCESSORS, SessionMother.POLICY)),
                audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private void givenAlicesTotp() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), LOGIN);
        secondFactors.enrol(pending);
        secondFactors.confirm(pending, new TotpFactor.Confirmed(ALICE.id(), pending.secret(), LOGIN, LOGIN, STEP - 5,
                WrongCodes.NONE), List.of(RECOVERY.hash()));
    }

    private Result withPassword(Password password, Optional<TotpCode> code, Optional<RecoveryCode> recoveryCode) {
        return service.reauthenticate(new Command(ALICE.id(), login.sessionId(), Optional.of(password), code,
                recoveryCode, Optional.empty(), RequesterMother.ALICE));
    }

    private Result withPasskey(String assertion) {
        return service.reauthenticate(new Command(ALICE.id(), login.sessionId(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(assertion), RequesterMother.ALICE));
    }

    private String anAssertionOf(Passkey signing, boolean userVerified) {
        ByteString challenge = randomBytes(32);
        challenges.issueForLogin(PasskeyLoginChallenge.issue(challenge, Optional.empty(),
                RequesterMother.CLIENT_ADDRESS, NOW), OpenPerAddressLimit.defaults());
        verifier.answering(new PasskeyVerifier.Assertion.Verified(new VerifiedAssertion(6, userVerified, true, true,
                Optional.of(signing.userHandle()))));
        return ScriptedPasskeyVerifier.assertion(signing.id(), challenge);
    }

    private Session aliceSession() {
        return sessions.find(login.sessionId()).orElseThrow();
    }

    private AccessToken signedAccessToken() {
        ArgumentCaptor<AccessToken> signed = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(signed.capture());
        return signed.getValue();
    }

    @Test
    void thePasswordOfAUserWithoutASecondFactorProvesItAndTheSessionSaysSoFromNowOn() {
        Result result = withPassword(PASSWORD, Optional.empty(), Optional.empty());

        assertEquals(new Result.Reauthenticated("signed-access-token"), result);
        assertEquals(NOW, aliceSession().authenticatedAt());
        assertEquals(AuthenticationMethods.PASSWORD, aliceSession().methods());
        assertEquals(NOW, signedAccessToken().authenticatedAt());
        assertEquals(login.sessionId(), signedAccessToken().sessionId());
        verify(attempts).clear(ALICE_FROM_CLIENT);
        assertEquals(SecurityEvent.of(SecurityEventType.REAUTHENTICATED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(login.sessionId()), audit.only());
    }

    @Test
    void aWrongPasswordProvesNothingAndCountsLikeALogin() {
        Result result = withPassword(new Password("not-alices-password"), Optional.empty(), Optional.empty());

        assertEquals(new Result.WrongProof(), result);
        assertEquals(LOGIN, aliceSession().authenticatedAt());
        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts, never()).clear(any());
        assertEquals(Optional.of(AuditOutcome.WRONG_PASSWORD), audit.only().outcome());
        assertEquals(SecurityEventType.REAUTHENTICATION_FAILED, audit.only().type());
    }

    @Test
    void aThrottledProofIsNotChecked() {
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofMinutes(3)));

        assertEquals(new Result.Throttled(Duration.ofMinutes(3)),
                withPassword(PASSWORD, Optional.empty(), Optional.empty()));
        verifyNoInteractions(hasher);
        assertEquals(LOGIN, aliceSession().authenticatedAt());
    }

    @Test
    void aUserWhoseTotpIsInEffectNeedsItBesideThePassword() {
        givenAlicesTotp();

        assertEquals(new Result.SecondFactorRequired(List.of(SecondFactorMethod.TOTP,
                SecondFactorMethod.RECOVERY_CODE)), withPassword(PASSWORD, Optional.empty(), Optional.empty()));
        assertEquals(LOGIN, aliceSession().authenticatedAt());
        verify(attempts, never()).clear(any());
        assertEquals(Optional.of(AuditOutcome.SECOND_FACTOR_MISSING), audit.only().outcome());
    }

    @Test
    void thePasswordAndARightCodeProveItOnce() {
        givenAlicesTotp();

        assertInstanceOf(Result.Reauthenticated.class,
                withPassword(PASSWORD, Optional.of(StepNumberTotpCodes.codeOf(STEP)), Optional.empty()));
        assertEquals(AuthenticationMethods.PASSWORD_AND_TOTP, aliceSession().methods());
        assertEquals(new Result.WrongProof(),
                withPassword(PASSWORD, Optional.of(StepNumberTotpCodes.codeOf(STEP)), Optional.empty()),
                "a code is used once");
    }

    @Test
    void aWrongCodeIsCountedAgainstTheSecretLikeOneAtLogin() {
        givenAlicesTotp();

        assertEquals(new Result.WrongProof(),
                withPassword(PASSWORD, Optional.of(new TotpCode("999999")), Optional.empty()));
        assertEquals(LOGIN, aliceSession().authenticatedAt());
        assertEquals(1, ((TotpFactor.Confirmed) secondFactors.totpOf(ALICE.id()).orElseThrow()).wrongCodes().total());
    }

    @Test
    void anExhaustedSecretRefusesItsCodesButARecoveryCodeProvesItAndIsUsedUp() {
        givenAlicesTotp();
        TotpFactor.Confirmed factor = (TotpFactor.Confirmed) secondFactors.totpOf(ALICE.id()).orElseThrow();
        secondFactors.replace(factor, new TotpFactor.Confirmed(ALICE.id(), factor.secret(), LOGIN, LOGIN, STEP - 5,
                new WrongCodes(WrongCodes.LIFETIME_LIMIT, 0, Optional.of(LOGIN))));

        assertEquals(new Result.TotpLocked(),
                withPassword(PASSWORD, Optional.of(StepNumberTotpCodes.codeOf(STEP)), Optional.empty()));
        assertEquals(new Result.SecondFactorRequired(List.of(SecondFactorMethod.RECOVERY_CODE)),
                withPassword(PASSWORD, Optional.empty(), Optional.empty()));
        assertInstanceOf(Result.Reauthenticated.class, withPassword(PASSWORD, Optional.empty(), Optional.of(RECOVERY)));
        assertEquals(AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE, aliceSession().methods());
        assertEquals(0, secondFactors.recoveryCodesLeft(ALICE.id()));
    }

    @Test
    void aPasskeyOfTheUsersWithItsUserVerifiedProvesItAlone() {
        Result result = withPasskey(anAssertionOf(passkey, true));

        assertInstanceOf(Result.Reauthenticated.class, result);
        assertEquals(AuthenticationMethods.passkey(passkey), aliceSession().methods());
        assertEquals(NOW, aliceSession().authenticatedAt());
        assertEquals(Optional.of(AuditOutcome.PASSKEY), audit.only().outcome());
    }

    @Test
    void aPasskeyWithoutUserVerificationProvesNothing() {
        assertEquals(new Result.WrongProof(), withPasskey(anAssertionOf(passkey, false)));
        assertEquals(LOGIN, aliceSession().authenticatedAt());
        assertEquals(Optional.of(AuditOutcome.USER_NOT_VERIFIED), audit.only().outcome());
    }

    @Test
    void anotherUsersPasskeyProvesNothing() {
        Passkey bobs = aPasskey().ownedBy(UserAccountMother.bob()).build();
        passkeys.add(bobs);

        assertEquals(new Result.WrongProof(), withPasskey(anAssertionOf(bobs, true)));
        assertEquals(LOGIN, aliceSession().authenticatedAt());
        assertEquals(Optional.of(AuditOutcome.UNKNOWN_PASSKEY), audit.only().outcome());
    }

    @Test
    void aSessionRevokedMeanwhileIsNotAuthenticatedAgain() {
        sessions.revoke(login.sessionId(), RevocationReason.LOGOUT, NOW.minusSeconds(1));

        assertEquals(new Result.SessionEnded(), withPassword(PASSWORD, Optional.empty(), Optional.empty()));
        verifyNoInteractions(codec);
        assertEquals(Optional.of(AuditOutcome.SESSION_ENDED), audit.only().outcome());
    }

    @Test
    void aDisabledUserProvesNothing() {
        users.setEnabled(ALICE.id(), false);

        assertEquals(new Result.SessionEnded(), withPassword(PASSWORD, Optional.empty(), Optional.empty()));
        verifyNoInteractions(hasher, codec);
    }

    @Test
    void aProofNeverShowsInALogLine() {
        Command command = new Command(ALICE.id(), login.sessionId(), Optional.of(PASSWORD),
                Optional.of(new TotpCode("123456")), Optional.empty(), Optional.empty(), RequesterMother.ALICE);

        assertFalse(command.toString().contains("alice-password"));
        assertFalse(command.toString().contains("123456"));
        assertEquals("Reauthenticated[****]", new Result.Reauthenticated("signed-access-token").toString());
    }
}
