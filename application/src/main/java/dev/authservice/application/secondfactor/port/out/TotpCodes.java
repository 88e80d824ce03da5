package dev.authservice.application.secondfactor.port.out;

import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpSecret;

/**
 * The one-time passwords of RFC 6238 with the parameters of {@link dev.authservice.domain.secondfactor.TotpFactor}:
 * HMAC-SHA-1, six digits, 30-second steps. Which steps to try, and whether a step may be accepted, is the domain's.
 */
public interface TotpCodes {

    /** Whether {@code code} is {@code secret}'s code for time step {@code step}, compared in constant time. */
    boolean matches(TotpSecret secret, long step, TotpCode code);
}
