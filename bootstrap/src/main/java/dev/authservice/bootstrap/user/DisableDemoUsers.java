package dev.authservice.bootstrap.user;

import dev.authservice.application.user.port.in.CheckPublishedCredentialsUseCase;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.domain.audit.Requester;
import jakarta.inject.Singleton;
import java.io.PrintStream;

/**
 * {@code java -jar auth-service.jar disable-demo-users}: the way out of {@link PublishedCredentialsCheck}. Started
 * with a deployment's environment and database, it disables every demo user who still logs in with a published
 * password, which ends their sessions (as an administrator's disabling does, audit trail included), says so, and exits
 * without serving anything. A demo user whose password was changed is left alone: nobody reads it in the README.
 */
@Singleton
public class DisableDemoUsers {

    public static final String COMMAND = "disable-demo-users";

    private final CheckPublishedCredentialsUseCase check;
    private final SetUserEnabledUseCase setEnabled;

    DisableDemoUsers(CheckPublishedCredentialsUseCase check, SetUserEnabledUseCase setEnabled) {
        this.check = check;
        this.setEnabled = setEnabled;
    }

    public void run(PrintStream out) {
        check.checkPublishedCredentials(new CheckPublishedCredentialsUseCase.Query(DemoData.publishedCredentials())).match(
                noneUsable -> {
                    out.println("No demo user logs in with a published password: nothing to disable");
                    return null;
                },
                usable -> {
                    usable.users().forEach(user -> out.println(disable(user)));
                    return null;
                });
    }

    private String disable(UserSummary user) {
        String named = "the demo user " + user.username().value() + " (" + user.userId().value() + ")";
        return setEnabled.setUserEnabled(new SetUserEnabledUseCase.Command(user.userId(), false, Requester.SERVICE))
                .match(done -> "Disabled " + named + " and ended their sessions",
                        userNotFound -> "Left " + named + " alone: the account no longer exists");
    }
}
