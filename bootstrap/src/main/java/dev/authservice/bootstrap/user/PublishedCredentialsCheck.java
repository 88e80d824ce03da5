package dev.authservice.bootstrap.user;

import dev.authservice.application.user.port.in.CheckPublishedCredentialsUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.user.Role;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where the demo users are not seeded ({@code prod}, an environment of a deployment's own, one Micronaut infers such
 * as {@code k8s}), the database may still hold them: a trial or {@code dev} ran on it before. The service then does
 * not start while one of them is enabled and still has the password the README publishes. Checked when the HTTP
 * server is made (after the database is migrated, before anything listens) and at every start, not marked when
 * seeded, so that databases seeded before this check are covered too. {@link DisableDemoUsers}, the way out, makes
 * no server, so it runs with the very environment and database that are refused here.
 */
@Singleton
@Requires(missingBeans = DemoData.class)
public class PublishedCredentialsCheck implements BeanCreatedEventListener<EmbeddedServer> {

    private final CheckPublishedCredentialsUseCase check;

    PublishedCredentialsCheck(CheckPublishedCredentialsUseCase check) {
        this.check = check;
    }

    @Override
    public EmbeddedServer onCreated(BeanCreatedEvent<EmbeddedServer> event) {
        return check.checkPublishedCredentials(new CheckPublishedCredentialsUseCase.Query(DemoData.publishedCredentials())).match(
                noneUsable -> event.getBean(),
                usable -> {
                    throw new MisconfigurationException(refusal(usable.users()));
                });
    }

    static String refusal(List<UserSummary> users) {
        return "demo users still log in with the passwords the README publishes: "
                + users.stream().map(PublishedCredentialsCheck::named).collect(Collectors.joining(", "))
                + "; disable them with: java -jar auth-service.jar " + DisableDemoUsers.COMMAND
                + " (in this environment, on this database), or start on a new database";
    }

    private static String named(UserSummary user) {
        return user.username().value() + (user.roles().contains(Role.ADMIN) ? " (an administrator)" : "");
    }
}
