package dev.authservice.bootstrap;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;

/**
 * Starts the service. Without {@code MICRONAUT_ENVIRONMENTS} it is a {@link LocalTrial}: {@code dev} (H2 in ./data,
 * demo users) on loopback only, refusing to start when configured like a deployment.
 */
public final class AuthServiceApplication extends Micronaut {

    public static void main(String[] args) {
        new AuthServiceApplication()
                .mainClass(AuthServiceApplication.class)
                .defaultEnvironments(Environment.DEVELOPMENT, LocalTrial.ENVIRONMENT)
                .args(args)
                .start();
    }

    /** A refusal to start on bad configuration is one clear line and a non-zero exit, not a stack trace. */
    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof MisconfigurationException misconfiguration
                    && !environment.getActiveNames().contains(Environment.TEST)) {
                System.err.println("auth-service refuses to start: " + misconfiguration.getMessage());
                System.exit(2);
            }
        }
        super.handleStartupException(environment, exception);
    }
}
