package dev.authservice.application.secondfactor.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase.Command;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase.Result;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RemoveTotpServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:10Z");
    private static final UserAccount ALICE = UserAccountMother.alice();

    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final InMemoryUserStore users = new InMemoryUserStore();
    private final Notices notices = new Notices();
    private final RemoveTotpService service = new RemoveTotpService(secondFactors, notices.changes(users),
            new StepUp(StepUpPolicy.defaults(), audit), audit, Clock.fixed(NOW, ZoneOffset.UTC));

    private void givenConfirmedTotp() {
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);
        secondFactors.enrol(pending);
        secondFactors.confirm(pending, new TotpFactor.Confirmed(ALICE.id(), pending.secret(), NOW, NOW, 1,
                WrongCodes.NONE), List.of(new RecoveryCode("ABCDE23456").hash()));
    }

    private Result remove() {
        return service.removeTotp(new Command(ALICE.id(), NOW, RequesterMother.ALICE));
    }

    @Test
    void itGoesWithItsRecoveryCodes() {
        givenConfirmedTotp();

        assertEquals(new Result.Removed(), remove());
        assertEquals(Optional.empty(), secondFactors.totpOf(ALICE.id()));
        assertEquals(0, secondFactors.recoveryCodesLeft(ALICE.id()));
        assertEquals(List.of(SecurityEventType.SECOND_FACTOR_REMOVED), audit.types());
    }

    @Test
    void withoutATotpThereIsNothingToRemove() {
        users.add(Notices.withAddress(ALICE, true));

        assertEquals(new Result.NotEnrolled(), remove());
        assertEquals(Optional.of(AuditOutcome.NOT_ENROLLED), audit.only().outcome());
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void theVerifiedAddressIsToldThatTheAppWasTurnedOff() {
        users.add(Notices.withAddress(ALICE, true));
        givenConfirmedTotp();

        remove();

        assertEquals(CredentialChange.TOTP_TURNED_OFF.subject(), notices.only().subject());
    }

    @Test
    void anUnverifiedAddressIsToldNothing() {
        users.add(Notices.withAddress(ALICE, false));
        givenConfirmedTotp();

        assertEquals(new Result.Removed(), remove());
        assertEquals(List.of(), notices.queued());
    }
}
