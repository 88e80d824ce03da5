package dev.authservice.application.secondfactor.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.secondfactor.port.in.GetMySecondFactorsUseCase.Query;
import dev.authservice.application.secondfactor.port.in.GetMySecondFactorsUseCase.Result;
import dev.authservice.application.secondfactor.port.in.GetMySecondFactorsUseCase.Totp;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GetMySecondFactorsServiceTest {

    private static final Instant ENROLLED = Instant.parse("2026-11-27T10:00:00Z");
    private static final Instant CONFIRMED = Instant.parse("2026-11-27T10:01:00Z");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final UserAccount BOB = UserAccountMother.bob();

    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final GetMySecondFactorsService service = new GetMySecondFactorsService(secondFactors, passkeys);

    private Result of(UserAccount user) {
        return service.getMySecondFactors(new Query(user.id()));
    }

    private TotpFactor.Pending enrol(UserAccount user) {
        TotpFactor.Pending pending = TotpFactor.enrol(user.id(), new SealedSecret("plain", new byte[20]), ENROLLED);
        secondFactors.enrol(pending);
        return pending;
    }

    private void confirm(TotpFactor.Pending pending, String... recoveryCodes) {
        secondFactors.confirm(pending, new TotpFactor.Confirmed(pending.userId(), pending.secret(), ENROLLED,
                CONFIRMED, 1, WrongCodes.NONE),
                List.of(recoveryCodes).stream().map(code -> new RecoveryCode(code).hash()).toList());
    }

    @Test
    void withNothingEnrolledThePasswordIsAll() {
        assertEquals(new Result.Found(Totp.NONE, Optional.empty(), 0, 0), of(ALICE));
    }

    @Test
    void aPendingTotpIsNotInEffectAndHasNoRecoveryCodes() {
        enrol(ALICE);

        assertEquals(new Result.Found(Totp.PENDING, Optional.empty(), 0, 0), of(ALICE));
    }

    @Test
    void aConfirmedTotpSaysSinceWhenAndHowManyRecoveryCodesAreLeft() {
        confirm(enrol(ALICE), "ABCDE23456", "FGHIJ23456", "KLMNO23456");
        secondFactors.useRecoveryCode(ALICE.id(), new RecoveryCode("FGHIJ23456").hash());

        assertEquals(new Result.Found(Totp.CONFIRMED, Optional.of(CONFIRMED), 2, 0), of(ALICE));
    }

    @Test
    void passkeysAreCountedAndEveryoneSeesOnlyTheirOwn() {
        passkeys.add(PasskeyMother.aPasskey().ownedBy(ALICE).build());
        passkeys.add(PasskeyMother.aPasskey().ownedBy(ALICE).build());
        passkeys.add(PasskeyMother.aPasskey().ownedBy(BOB).build());
        confirm(enrol(BOB), "ABCDE23456");

        assertEquals(new Result.Found(Totp.NONE, Optional.empty(), 0, 2), of(ALICE));
        assertEquals(new Result.Found(Totp.CONFIRMED, Optional.of(CONFIRMED), 1, 1), of(BOB));
    }
}
