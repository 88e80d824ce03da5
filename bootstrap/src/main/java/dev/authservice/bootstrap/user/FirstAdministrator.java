package dev.authservice.bootstrap.user;

import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Username;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.annotation.PostConstruct;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a {@code prod} deployment, which seeds nothing, gets its first login: with {@code AUTH_BOOTSTRAP_ADMIN_USERNAME}
 * and {@code AUTH_BOOTSTRAP_ADMIN_PASSWORD} set and no administrator yet, that administrator is created before the
 * server accepts requests. Logged once, without the password. A username a new account may not take, a password the
 * policy refuses, or a demo user's password stops the start.
 */
@Context
@Requires(property = "auth.bootstrap-admin.username")
@Requires(property = "auth.bootstrap-admin.password")
class FirstAdministrator {

    private static final Logger LOG = LoggerFactory.getLogger(FirstAdministrator.class);

    private final ProvisionFirstAdministratorUseCase provision;
    private final String username;
    private final String password;

    FirstAdministrator(ProvisionFirstAdministratorUseCase provision,
                       @Property(name = "auth.bootstrap-admin.username") String username,
                       @Property(name = "auth.bootstrap-admin.password") String password) {
        this.provision = provision;
        this.username = username;
        this.password = password;
    }

    @PostConstruct
    void provision() {
        ProvisionFirstAdministratorUseCase.Command command;
        try {
            command = new ProvisionFirstAdministratorUseCase.Command(new Username(username), new Password(password));
        } catch (InvalidValueException e) {
            throw new MisconfigurationException("AUTH_BOOTSTRAP_ADMIN_*: " + e.getMessage());
        }
        // At every start, not only when the administrator is created: one created with it earlier still has it.
        if (DemoData.publishedCredentials().stream().anyMatch(demo -> demo.password().equals(command.password()))) {
            throw new MisconfigurationException("AUTH_BOOTSTRAP_ADMIN_PASSWORD is refused: it is a demo user's"
                    + " password, which the README publishes");
        }
        provision.provisionFirstAdministrator(command).match(created -> {
            LOG.info("Created the first administrator {} ({})", created.user().username(), created.user().userId());
            return null;
        }, administratorExists -> null, usernameTaken -> {
            LOG.warn("No administrator exists, but the username {} is taken by another user: left alone", username);
            return null;
        }, restricted -> {
            throw new MisconfigurationException("AUTH_BOOTSTRAP_ADMIN_USERNAME is refused: " + restricted.reason());
        }, weak -> {
            throw new MisconfigurationException("AUTH_BOOTSTRAP_ADMIN_PASSWORD is refused: " + weak.reason());
        });
    }
}
