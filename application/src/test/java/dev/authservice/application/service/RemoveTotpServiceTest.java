package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.in.RemoveTotpUseCase.Command;
import dev.authservice.application.port.in.RemoveTotpUseCase.Result;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class RemoveTotpServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:10Z");
    private static final long STEP = NOW.getEpochSecond() / 30;
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final Requester REQUESTER = Requester.user(ALICE.id(), new ClientAddress("203.0.113.7"), null);
    private static final Password PASSWORD = new Password("alice-password");

    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private RemoveTotpService service;

    @BeforeEach
    void setUp() {
        users.add(ALICE);
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(hasher.verify(any(), any()))
                .thenAnswer(invocation -> PASSWORD.equals(invocation.getArgument(0)));
        service = new RemoveTotpService(users, hasher, attempts, secondFactors, new PlainSecretSealer(),
                new StepNumberTotpCodes(), audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private void givenConfirmedTotp() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);
        secondFactors.enrol(pending);
        secondFactors.confirm(pending, new TotpFactor.Confirmed(ALICE.id(), pending.secret(), NOW, NOW, STEP - 1),
                List.of(new RecoveryCode("ABCDE23456").hash()));
    }

    private Result withCode(TotpCode code) {
        return service.removeTotp(new Command(ALICE.id(), Optional.of(code), Optional.empty(), REQUESTER));
    }

    private Result withPassword(Password password) {
        return service.removeTotp(new Command(ALICE.id(), Optional.empty(), Optional.of(password), REQUESTER));
    }

    @Test
    void aCurrentCodeRemovesItAndItsRecoveryCodes() {
        givenConfirmedTotp();

        assertEquals(new Result.Removed(), withCode(StepNumberTotpCodes.codeOf(STEP)));
        assertEquals(Optional.empty(), secondFactors.totpOf(ALICE.id()));
        assertEquals(0, secondFactors.recoveryCodesLeft(ALICE.id()));
        assertEquals(List.of(SecurityEventType.SECOND_FACTOR_REMOVED), audit.types());
    }

    @Test
    void theRightPasswordRemovesIt() {
        givenConfirmedTotp();

        assertEquals(new Result.Removed(), withPassword(PASSWORD));
        assertEquals(Optional.empty(), secondFactors.totpOf(ALICE.id()));
    }

    @Test
    void aWrongOrReplayedCodeOrAWrongPasswordRemovesNothing() {
        givenConfirmedTotp();

        assertEquals(new Result.WrongProof(), withCode(new TotpCode("999999")));
        assertEquals(new Result.WrongProof(), withCode(StepNumberTotpCodes.codeOf(STEP - 1)));
        assertEquals(new Result.WrongProof(), withPassword(new Password("not-alices-password")));
        assertEquals(true, secondFactors.totpOf(ALICE.id()).isPresent());
    }

    @Test
    void aThrottledProofRemovesNothing() {
        givenConfirmedTotp();
        when(attempts.tryAttempt(any(), any())).thenReturn(Optional.of(Duration.ofMinutes(1)));

        assertEquals(new Result.Throttled(Duration.ofMinutes(1)), withPassword(PASSWORD));
        assertEquals(true, secondFactors.totpOf(ALICE.id()).isPresent());
    }

    @Test
    void withoutATotpThereIsNothingToRemove() {
        assertEquals(new Result.NotEnrolled(), withPassword(PASSWORD));
    }
}
