package dev.authservice.application.session.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.verifyNoInteractions;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.ScriptedPasskeyVerifier;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.passkey.port.in.BeginPasskeyRegistrationUseCase;
import dev.authservice.application.passkey.port.in.DeleteMyPasskeyUseCase;
import dev.authservice.application.passkey.port.in.RegisterPasskeyUseCase;
import dev.authservice.application.passkey.service.BeginPasskeyRegistrationService;
import dev.authservice.application.passkey.service.DeleteMyPasskeyService;
import dev.authservice.application.passkey.service.RegisterPasskeyService;
import dev.authservice.application.secondfactor.port.in.ConfirmTotpUseCase;
import dev.authservice.application.secondfactor.port.in.EnrolTotpUseCase;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase;
import dev.authservice.application.secondfactor.port.in.RenewRecoveryCodesUseCase;
import dev.authservice.application.secondfactor.service.ConfirmTotpService;
import dev.authservice.application.secondfactor.service.EnrolTotpService;
import dev.authservice.application.secondfactor.service.RemoveTotpService;
import dev.authservice.application.secondfactor.service.RenewRecoveryCodesService;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.in.ChangePasswordUseCase;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.service.ChangePasswordService;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/**
 * Every change to how a user signs in asks for a recent proof of who they are: from a session that proved it too long
 * ago, each is refused before anything is tried, changes nothing, and leaves the refusal in the audit trail. The
 * changes are those of the probe that found a stolen access token enough to register a passkey: the passkey's
 * registration, and then every other credential.
 */
@ExtendWith(MockitoExtension.class)
class StepUpTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    /** Exactly the max age ago: no longer recent. */
    private static final Instant STALE = NOW.minus(StepUpPolicy.defaults().maxAge());
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final SealedSecret SECRET = new SealedSecret("plain", new byte[20]);

    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;
    @Mock private RandomSource random;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final StepUp stepUp = new StepUp(StepUpPolicy.defaults(), audit);
    private final Notices notices = new Notices();

    @BeforeEach
    void aliceHasAPasskeyAndTheRestIsEmpty() {
        users.add(Notices.withAddress(ALICE, true));
        passkeys.add(aPasskey().ownedBy(ALICE).build());
    }

    @AfterEach
    void theRefusalIsRecordedAndNothingElse() {
        assertEquals(SecurityEvent.of(SecurityEventType.REAUTHENTICATION_REQUIRED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()), audit.only());
        verifyNoInteractions(hasher, attempts, random);
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void startingToRegisterAPasskey() {
        BeginPasskeyRegistrationService service = new BeginPasskeyRegistrationService(passkeys, challenges,
                PasskeyMother.RELYING_PARTY, stepUp, random, CLOCK);

        assertEquals(new BeginPasskeyRegistrationUseCase.Result.ReauthenticationRequired(),
                service.beginPasskeyRegistration(new BeginPasskeyRegistrationUseCase.Command(ALICE.id(), STALE,
                        ALICE.username(), "Alice", RequesterMother.ALICE)));
    }

    @Test
    void registeringAPasskey() {
        ByteString challenge = randomBytes(32);
        challenges.issue(PasskeyChallenge.issue(challenge, ALICE.id(), randomBytes(32), NOW));
        RegisterPasskeyService service = new RegisterPasskeyService(passkeys, challenges, new ScriptedPasskeyVerifier(),
                PasskeyMother.RELYING_PARTY, notices.changes(users, sessions), stepUp, audit, CLOCK);

        assertEquals(new RegisterPasskeyUseCase.Result.ReauthenticationRequired(),
                service.registerPasskey(new RegisterPasskeyUseCase.Command(ALICE.id(), STALE,
                        ScriptedPasskeyVerifier.responseTo(challenge), Optional.empty(), RequesterMother.ALICE)));
        assertEquals(1, passkeys.findByOwner(ALICE.id()).size());
        assertTrue(challenges.take(ALICE.id(), challenge).isPresent(), "the challenge is not used up");
    }

    @Test
    void deletingAPasskey() {
        Passkey held = passkeys.findByOwner(ALICE.id()).get(0);
        DeleteMyPasskeyService service = new DeleteMyPasskeyService(passkeys, notices.changes(users, sessions), stepUp, audit,
                CLOCK);

        assertEquals(new DeleteMyPasskeyUseCase.Result.ReauthenticationRequired(), service.deleteMyPasskey(
                new DeleteMyPasskeyUseCase.Command(ALICE.id(), STALE, held.id(), RequesterMother.ALICE)));
        assertEquals(List.of(held), passkeys.findByOwner(ALICE.id()));
    }

    @Test
    void enrollingATotp() {
        EnrolTotpService service = new EnrolTotpService(secondFactors, new PlainSecretSealer(), random,
                "auth-service", stepUp, audit, CLOCK);

        assertEquals(new EnrolTotpUseCase.Result.ReauthenticationRequired(), service.enrolTotp(
                new EnrolTotpUseCase.Command(ALICE.id(), STALE, ALICE.username(), RequesterMother.ALICE)));
        assertEquals(Optional.empty(), secondFactors.totpOf(ALICE.id()));
    }

    @Test
    void confirmingATotp() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), SECRET, NOW);
        secondFactors.enrol(pending);
        ConfirmTotpService service = new ConfirmTotpService(secondFactors,
                new SecondFactorCheck(secondFactors, new PlainSecretSealer(), new StepNumberTotpCodes()),
                notices.changes(users, sessions), random, stepUp, audit, CLOCK);

        assertEquals(new ConfirmTotpUseCase.Result.ReauthenticationRequired(), service.confirmTotp(
                new ConfirmTotpUseCase.Command(ALICE.id(), STALE, StepNumberTotpCodes.codeOf(NOW.getEpochSecond() / 30),
                        RequesterMother.ALICE)));
        assertEquals(Optional.of(pending), secondFactors.totpOf(ALICE.id()));
    }

    @Test
    void removingATotp() {
        TotpFactor.Confirmed confirmed = aliceConfirmedATotp();
        RemoveTotpService service = new RemoveTotpService(secondFactors, notices.changes(users, sessions), stepUp, audit,
                CLOCK);

        assertEquals(new RemoveTotpUseCase.Result.ReauthenticationRequired(),
                service.removeTotp(new RemoveTotpUseCase.Command(ALICE.id(), STALE, RequesterMother.ALICE)));
        assertEquals(Optional.of(confirmed), secondFactors.totpOf(ALICE.id()));
    }

    @Test
    void renewingRecoveryCodes() {
        aliceConfirmedATotp();
        RenewRecoveryCodesService service = new RenewRecoveryCodesService(secondFactors,
                notices.changes(users, sessions), random, stepUp, audit, CLOCK);

        assertEquals(new RenewRecoveryCodesUseCase.Result.ReauthenticationRequired(), service.renewRecoveryCodes(
                new RenewRecoveryCodesUseCase.Command(ALICE.id(), STALE, RequesterMother.ALICE)));
        assertTrue(secondFactors.hasRecoveryCode(ALICE.id(), new RecoveryCode("ABCDE23456").hash()));
    }

    @Test
    void changingThePassword() {
        SessionMother.Login login = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(3600));
        sessions.start(login.session(), login.firstToken());
        ChangePasswordService service = new ChangePasswordService(users, hasher, new PasswordPolicy(15, Set.of()),
                attempts, notices.changes(users, sessions), stepUp, audit, CLOCK);

        assertEquals(new ChangePasswordUseCase.Result.ReauthenticationRequired(), service.changePassword(
                new ChangePasswordUseCase.Command(ALICE.id(), login.sessionId(), STALE, new Password("alice-password"),
                        new Password("a-new-and-long-password"), RequesterMother.ALICE)));
        assertEquals(ALICE.passwordHash(), users.findById(ALICE.id()).orElseThrow().passwordHash());
    }

    private TotpFactor.Confirmed aliceConfirmedATotp() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), SECRET, NOW);
        TotpFactor.Confirmed confirmed = new TotpFactor.Confirmed(ALICE.id(), SECRET, NOW, NOW, 1, WrongCodes.NONE);
        secondFactors.enrol(pending);
        secondFactors.confirm(pending, confirmed, List.of(new RecoveryCode("ABCDE23456").hash()));
        return confirmed;
    }
}
