package dev.authservice.bootstrap.secondfactor;

import dev.authservice.adapter.out.crypto.secondfactor.HmacTotpCodes;
import dev.authservice.application.secondfactor.port.out.TotpCodes;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/** The codes an authenticator app shows, computed by a plain class that no framework registers. */
@Factory
class TotpCodesFactory {

    @Singleton
    TotpCodes totpCodes() {
        return new HmacTotpCodes();
    }
}
