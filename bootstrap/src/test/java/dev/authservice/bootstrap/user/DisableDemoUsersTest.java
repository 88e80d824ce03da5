package dev.authservice.bootstrap.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.Username;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The command on the test environment's seeded demo users, in a context of its own: it disables them. SafeDefaultsIT
 * runs it from the jar, in the deployment's environment its refusal names.
 */
@MicronautTest(rebuildContext = true)
class DisableDemoUsersTest {

    @Inject
    DisableDemoUsers command;
    @Inject
    UserStore users;
    @Inject
    PasswordHasher hasher;

    @Test
    void everyDemoUserWhoLogsInWithAPublishedPasswordIsDisabledAndSaidSoThenThereIsNothingToDisable() {
        String output = run();

        assertEquals("Disabled the demo user alice (" + user("alice").id().value() + ") and ended their sessions\n"
                + "Disabled the demo user bob (" + user("bob").id().value() + ") and ended their sessions\n", output);
        assertFalse(user("alice").enabled());
        assertFalse(user("bob").enabled());
        assertEquals("No demo user logs in with a published password: nothing to disable\n", run());
    }

    @Test
    void aDemoUserWhosePasswordWasChangedIsLeftAlone() {
        UserAccount bob = user("bob");
        users.replacePasswordHash(bob.id(), bob.passwordHash(), hasher.hash(new Password("a password nobody published")));

        String output = run();

        assertFalse(output.contains("bob"), output);
        assertTrue(user("bob").enabled());
        assertFalse(user("alice").enabled());
    }

    private UserAccount user(String username) {
        return users.findByUsername(new Username(username)).orElseThrow();
    }

    private String run() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        command.run(new PrintStream(printed, true, StandardCharsets.UTF_8));
        return printed.toString(StandardCharsets.UTF_8);
    }
}
