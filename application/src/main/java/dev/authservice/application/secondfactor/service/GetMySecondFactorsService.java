package dev.authservice.application.secondfactor.service;

import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.secondfactor.port.in.GetMySecondFactorsUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.domain.secondfactor.TotpFactor;
import java.util.Optional;

public final class GetMySecondFactorsService implements GetMySecondFactorsUseCase {

    private final SecondFactorStore secondFactors;
    private final PasskeyStore passkeys;

    public GetMySecondFactorsService(SecondFactorStore secondFactors, PasskeyStore passkeys) {
        this.secondFactors = secondFactors;
        this.passkeys = passkeys;
    }

    /** Recovery codes are counted only beside a confirmed TOTP: without one no login asks for them. */
    @Override
    public Result getMySecondFactors(Query query) {
        Optional<TotpFactor> totp = secondFactors.totpOf(query.userId());
        int passkeyCount = passkeys.findByOwner(query.userId()).size();
        Optional<TotpFactor.Confirmed> confirmed = totp.filter(TotpFactor.Confirmed.class::isInstance)
                .map(TotpFactor.Confirmed.class::cast);
        if (confirmed.isPresent()) {
            return new Result.Found(Totp.CONFIRMED, Optional.of(confirmed.get().confirmedAt()),
                    secondFactors.recoveryCodesLeft(query.userId()), passkeyCount);
        }
        return new Result.Found(totp.isPresent() ? Totp.PENDING : Totp.NONE, Optional.empty(), 0, passkeyCount);
    }
}
