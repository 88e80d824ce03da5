package dev.authservice.bootstrap.recovery;

import dev.authservice.bootstrap.configuration.Development;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;
import io.micronaut.context.env.Environment;
import java.util.Objects;

/**
 * Whether a feature that mails links is on: its key when set; unset, in development only, where mail needs no
 * server. Outside development such a feature needs an SMTP server and a public URL, so it is never on by default.
 */
abstract class EnabledByKey implements Condition {

    private final String key;

    EnabledByKey(String key) {
        this.key = Objects.requireNonNull(key);
    }

    @Override
    public final boolean matches(ConditionContext context) {
        if (!(context.getBeanContext() instanceof ApplicationContext application)) {
            return false;
        }
        Environment environment = application.getEnvironment();
        return environment.getProperty(key, Boolean.class).orElseGet(() -> Development.isActive(environment));
    }
}
