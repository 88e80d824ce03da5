package dev.authservice.bootstrap;

import dev.authservice.adapter.out.crypto.Argon2idPasswordHasher;
import dev.authservice.adapter.out.crypto.HmacTotpCodes;
import dev.authservice.adapter.out.crypto.SecureRandomSource;
import dev.authservice.adapter.out.telemetry.TimedPasswordHasher;
import dev.authservice.adapter.out.unicode.IcuUsernameSecurityProfile;
import dev.authservice.adapter.out.unicode.IcuUsernameSkeletons;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.TotpCodes;
import dev.authservice.application.port.out.UsernameSecurityProfile;
import dev.authservice.application.port.out.UsernameSkeletons;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * The outbound adapters that are plain classes, without a framework to register them: the crypto adapters, the
 * telemetry around them, the usernames' skeletons and security profile, and the clock every use case reads the time
 * from.
 */
@Factory
class AdaptersFactory {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    RandomSource randomSource() {
        return new SecureRandomSource();
    }

    @Singleton
    TotpCodes totpCodes() {
        return new HmacTotpCodes();
    }

    /** Read by the user store and by migration 9, which fills the skeletons of the users stored before it. */
    @Singleton
    UsernameSkeletons usernameSkeletons() {
        return new IcuUsernameSkeletons();
    }

    /** Read when a user is created; a stored name is never judged again. */
    @Singleton
    UsernameSecurityProfile usernameSecurityProfile() {
        return new IcuUsernameSecurityProfile();
    }

    /** Timed, so that the metrics show what the one deliberately slow step of a login costs. */
    @Singleton
    PasswordHasher passwordHasher(MeterRegistry registry) {
        return new TimedPasswordHasher(new Argon2idPasswordHasher(), registry);
    }
}
