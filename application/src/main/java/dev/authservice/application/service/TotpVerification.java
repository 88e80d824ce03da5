package dev.authservice.application.service;

import dev.authservice.application.port.out.SecretSealer;
import dev.authservice.application.port.out.TotpCodes;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.TotpSecret;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** Which time steps around now a code belongs to, for {@link TotpFactor#check} to judge. */
final class TotpVerification {

    private final SecretSealer sealer;
    private final TotpCodes codes;

    TotpVerification(SecretSealer sealer, TotpCodes codes) {
        this.sealer = sealer;
        this.codes = codes;
    }

    TotpFactor.Check check(TotpFactor factor, TotpCode code, Instant at) {
        byte[] opened = sealer.open(factor.secret());
        try {
            TotpSecret secret = new TotpSecret(opened);
            // Every step is tried, whichever matches, so that the time taken says nothing about which one did.
            List<Long> matching = TotpFactor.stepsAround(at).stream()
                    .filter(step -> codes.matches(secret, step, code)).toList();
            return factor.check(matching, at);
        } finally {
            Arrays.fill(opened, (byte) 0);
        }
    }
}
