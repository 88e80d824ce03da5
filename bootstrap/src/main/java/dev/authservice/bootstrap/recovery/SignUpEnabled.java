package dev.authservice.bootstrap.recovery;

import dev.authservice.bootstrap.configuration.Development;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.context.env.Environment;

/**
 * Whether sign-up is on: {@code auth.sign-up.enabled} when set; unset, in development only, where mail needs
 * no server. Off, no sign-up use case exists and the sign-up paths answer 404.
 */
public final class SignUpEnabled implements Condition {

    static final String KEY = "auth.sign-up.enabled";

    @Override
    public boolean matches(ConditionContext context) {
        if (!(context.getBeanContext() instanceof ApplicationContext application)) {
            return false;
        }
        Environment environment = application.getEnvironment();
        return environment.getProperty(KEY, Boolean.class).orElseGet(() -> Development.isActive(environment));
    }
}
