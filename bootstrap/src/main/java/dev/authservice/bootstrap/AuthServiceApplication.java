package dev.authservice.bootstrap;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.configuration.NoEnvironmentNamed;
import dev.authservice.bootstrap.user.DisableDemoUsers;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import java.util.List;

/**
 * Starts the service, or runs its one command ({@link DisableDemoUsers}). Without {@code MICRONAUT_ENVIRONMENTS}
 * it is a {@link NoEnvironmentNamed}: {@code dev} (H2 in ./data, demo users) on loopback only, refusing to start when
 * configured like a deployment. Environments are otherwise as Micronaut establishes them: named, or inferred from
 * the platform ({@code KUBERNETES_SERVICE_HOST} gives {@code k8s} and {@code cloud}, and then no default applies);
 * {@code test} is refused.
 */
public final class AuthServiceApplication extends Micronaut {

    public static void main(String[] args) {
        AuthServiceApplication application = new AuthServiceApplication();
        application.mainClass(AuthServiceApplication.class)
                .defaultEnvironments(Environment.DEVELOPMENT, NoEnvironmentNamed.ENVIRONMENT);
        if (List.of(args).equals(List.of(DisableDemoUsers.COMMAND))) {
            application.disableDemoUsers();
        } else {
            application.args(args).start().getBean(Drain.class).onTermination();
        }
    }

    /** The service's context, configured and checked as for a start, but without its HTTP server. */
    private void disableDemoUsers() {
        ApplicationContext context = build();
        try (context) {
            context.start();
            context.getBean(DisableDemoUsers.class).run(System.out);
        } catch (RuntimeException e) {
            handleStartupException(context.getEnvironment(), e);
        }
    }

    /**
     * The test suite's environment seeds the demo users with none of a trial's guards (every interface, no secret
     * needed), and the jar has none of the test suite's configuration: a jar started in it would serve bob's
     * published administrator password to anyone. Refused before anything is opened.
     */
    @Override
    protected ApplicationContext newApplicationContext() {
        ApplicationContext context = super.newApplicationContext();
        if (context.getEnvironment().getActiveNames().contains(Environment.TEST)) {
            refuse("the environment test is the test suite's, not the jar's: set MICRONAUT_ENVIRONMENTS=dev to try the"
                    + " demo users, or MICRONAUT_ENVIRONMENTS=prod to deploy");
        }
        return context;
    }

    /** A refusal to start on bad configuration is one clear line and a non-zero exit, not a stack trace. */
    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        for (Throwable cause = exception; cause != null; cause = cause.getCause()) {
            if (cause instanceof MisconfigurationException misconfiguration) {
                refuse(misconfiguration.getMessage());
            }
        }
        super.handleStartupException(environment, exception);
    }

    private static void refuse(String reason) {
        System.err.println("auth-service refuses to start: " + reason);
        System.exit(2);
    }
}
