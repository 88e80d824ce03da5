package dev.authservice.application.secondfactor.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.lenient;

import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.secondfactor.port.in.ConfirmTotpUseCase.Command;
import dev.authservice.application.secondfactor.port.in.ConfirmTotpUseCase.Result;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.UserAccount;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class ConfirmTotpServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:10Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final Requester REQUESTER = Requester.user(ALICE.id(), null, null);
    private static final TotpFactor.Pending PENDING =
            TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);

    @Mock private RandomSource random;

    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemoryUserStore users = new InMemoryUserStore();
    private final Notices notices = new Notices();
    private ConfirmTotpService service;

    @BeforeEach
    void setUp() {
        SecureRandom bytes = new SecureRandom();
        lenient().when(random.bytes(anyInt())).thenAnswer(invocation -> {
            byte[] made = new byte[invocation.<Integer>getArgument(0)];
            bytes.nextBytes(made);
            return made;
        });
        service = new ConfirmTotpService(secondFactors,
                new SecondFactorCheck(secondFactors, new PlainSecretSealer(), new StepNumberTotpCodes()),
                notices.changes(users), random, new StepUp(StepUpPolicy.defaults(), audit), audit,
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private Result confirm(TotpCode code) {
        return service.confirmTotp(new Command(ALICE.id(), NOW, code, REQUESTER));
    }

    @Test
    void aRightCodePutsItIntoEffectAndHandsOutTenRecoveryCodesOnce() {
        secondFactors.enrol(PENDING);

        Result.Confirmed confirmed = assertInstanceOf(Result.Confirmed.class, confirm(StepNumberTotpCodes.codeAt(NOW)));

        assertEquals(10, new HashSet<>(confirmed.recoveryCodes()).size());
        confirmed.recoveryCodes().forEach(shown -> assertEquals(true,
                secondFactors.hasRecoveryCode(ALICE.id(), RecoveryCode.parse("code", shown).hash()), shown));
        assertEquals(Optional.of(new TotpFactor.Confirmed(ALICE.id(), PENDING.secret(), NOW, NOW,
                NOW.getEpochSecond() / 30, WrongCodes.NONE)), secondFactors.totpOf(ALICE.id()));
        assertEquals(List.of(SecurityEventType.SECOND_FACTOR_CONFIRMED), audit.types());
        assertEquals(new Result.NothingToConfirm(), confirm(StepNumberTotpCodes.codeAt(NOW.plusSeconds(30))));
    }

    @Test
    void theVerifiedAddressIsToldThatTheAppWasTurnedOnWithoutTheRecoveryCodes() {
        users.add(Notices.withAddress(ALICE, true));
        secondFactors.enrol(PENDING);

        Result.Confirmed confirmed = assertInstanceOf(Result.Confirmed.class, confirm(StepNumberTotpCodes.codeAt(NOW)));

        OutgoingMail notice = notices.only();
        assertEquals(CredentialChange.TOTP_TURNED_ON.subject(), notice.subject());
        confirmed.recoveryCodes().forEach(shown -> assertFalse(notice.body().contains(shown), notice.body()));
    }

    @Test
    void anUnverifiedAddressIsToldNothingNorIsAWrongCode() {
        users.add(Notices.withAddress(ALICE, false));
        secondFactors.enrol(PENDING);
        confirm(StepNumberTotpCodes.codeAt(NOW));
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());
        secondFactors.enrol(PENDING);

        confirm(new TotpCode("999999"));

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void aWrongCodeConfirmsNothing() {
        secondFactors.enrol(PENDING);

        assertEquals(new Result.WrongCode(), confirm(new TotpCode("999999")));
        assertEquals(Optional.of(PENDING), secondFactors.totpOf(ALICE.id()));
        assertEquals(Optional.of(AuditOutcome.WRONG_CODE), audit.only().outcome());
    }

    @Test
    void withoutAnEnrolmentThereIsNothingToConfirm() {
        assertEquals(new Result.NothingToConfirm(), confirm(StepNumberTotpCodes.codeAt(NOW)));
    }
}
