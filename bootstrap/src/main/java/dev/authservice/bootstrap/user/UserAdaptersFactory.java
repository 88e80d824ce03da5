package dev.authservice.bootstrap.user;

import dev.authservice.adapter.out.crypto.user.Argon2idPasswordHasher;
import dev.authservice.adapter.out.telemetry.user.TimedPasswordHasher;
import dev.authservice.adapter.out.unicode.user.IcuUsernameSecurityProfile;
import dev.authservice.adapter.out.unicode.user.IcuUsernameSkeletons;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.application.user.port.out.UsernameSkeletons;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;

/**
 * The user's outbound adapters that are plain classes, without a framework to register them: the password hasher and
 * the timer around it, the usernames' skeletons and security profile.
 */
@Factory
class UserAdaptersFactory {

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
