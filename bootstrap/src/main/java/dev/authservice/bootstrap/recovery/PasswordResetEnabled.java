package dev.authservice.bootstrap.recovery;

import dev.authservice.bootstrap.configuration.Development;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.context.env.Environment;

/**
 * Whether resets are on: {@code auth.password-reset.enabled} when set; unset, in development only, where mail needs
 * no server. Off, no reset use case exists and the reset paths answer 404.
 */
public final class PasswordResetEnabled implements Condition {

    static final String KEY = "auth.password-reset.enabled";

    @Override
    public boolean matches(ConditionContext context) {
        if (!(context.getBeanContext() instanceof ApplicationContext application)) {
            return false;
        }
        Environment environment = application.getEnvironment();
        return environment.getProperty(KEY, Boolean.class).orElseGet(() -> Development.isActive(environment));
    }
}
