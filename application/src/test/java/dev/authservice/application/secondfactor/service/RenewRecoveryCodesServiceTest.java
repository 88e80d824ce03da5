package dev.authservice.application.secondfactor.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.lenient;

import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.secondfactor.port.in.RenewRecoveryCodesUseCase.Command;
import dev.authservice.application.secondfactor.port.in.RenewRecoveryCodesUseCase.Result;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class RenewRecoveryCodesServiceTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final RecoveryCode OLD = new RecoveryCode("ABCDE23456");

    @Mock private RandomSource random;

    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemoryUserStore users = new InMemoryUserStore();
    private final Notices notices = new Notices();
    private RenewRecoveryCodesService service;

    @BeforeEach
    void setUp() {
        SecureRandom bytes = new SecureRandom();
        lenient().when(random.bytes(anyInt())).thenAnswer(invocation -> {
            byte[] made = new byte[invocation.<Integer>getArgument(0)];
            bytes.nextBytes(made);
            return made;
        });
        service = new RenewRecoveryCodesService(secondFactors, notices.changes(users), random,
                new StepUp(StepUpPolicy.defaults(), audit), audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private Result renew() {
        return service.renewRecoveryCodes(new Command(ALICE.id(), NOW, RequesterMother.ALICE));
    }

    private void givenConfirmedTotp() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);
        secondFactors.enrol(pending);
        secondFactors.confirm(pending, new TotpFactor.Confirmed(ALICE.id(), pending.secret(), NOW, NOW, 1,
                WrongCodes.NONE), List.of(OLD.hash()));
    }

    @Test
    void theVerifiedAddressIsToldOfNewCodesButNotTheCodes() {
        users.add(Notices.withAddress(ALICE, true));
        givenConfirmedTotp();

        Result.Renewed renewed = (Result.Renewed) renew();

        assertEquals(CredentialChange.RECOVERY_CODES_RENEWED.subject(), notices.only().subject());
        renewed.recoveryCodes().forEach(shown -> assertFalse(notices.only().body().contains(shown)));
    }

    @Test
    void anUnverifiedAddressIsToldNothing() {
        users.add(Notices.withAddress(ALICE, false));
        givenConfirmedTotp();

        assertInstanceOf(Result.Renewed.class, renew());
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void tenNewCodesReplaceTheOldOnesAndAreShownOnce() {
        givenConfirmedTotp();

        Result.Renewed renewed = (Result.Renewed) renew();

        assertEquals(RecoveryCode.COUNT, new HashSet<>(renewed.recoveryCodes()).size());
        assertFalse(secondFactors.hasRecoveryCode(ALICE.id(), OLD.hash()));
        for (String shown : renewed.recoveryCodes()) {
            assertTrue(secondFactors.hasRecoveryCode(ALICE.id(), RecoveryCode.parse("code", shown).hash()));
        }
        assertEquals(SecurityEvent.of(SecurityEventType.RECOVERY_CODES_RENEWED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()), audit.only());
        assertEquals("Renewed[****]", renewed.toString());
    }

    @Test
    void withoutATotpInEffectThereAreNoRecoveryCodes() {
        users.add(Notices.withAddress(ALICE, true));
        secondFactors.enrol(TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW));

        assertEquals(new Result.NotEnrolled(), renew());
        assertEquals(0, secondFactors.recoveryCodesLeft(ALICE.id()));
        assertEquals(List.of(), audit.events());
        assertEquals(List.of(), notices.queued());
    }
}
