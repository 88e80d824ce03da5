package dev.authservice.bootstrap.user;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.user.PasswordPolicy;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;

/** What a new password must be, built with the context so that a bad minimum stops the start naming its key. */
@Factory
class PasswordPolicyFactory {

    @Context
    PasswordPolicy passwordPolicy(@Property(name = "auth.password.min-length") int minLength) {
        try {
            return new PasswordPolicy(minLength, CommonPasswords.load());
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.password.min-length (AUTH_PASSWORD_MIN_LENGTH): "
                    + e.getMessage());
        }
    }
}
