package dev.authservice.bootstrap.configuration;

import io.micronaut.context.env.Environment;
import java.util.Set;

/**
 * Whether the service runs for development: {@code dev} is active, as it is for a {@link NoEnvironmentNamed}, and
 * {@code prod} is not beside it. Defaults that suit one machine and no deployment follow it.
 */
public final class Development {

    private Development() {
    }

    public static boolean isActive(Environment environment) {
        Set<String> names = environment.getActiveNames();
        return names.contains(Environment.DEVELOPMENT) && !names.contains("prod");
    }
}
