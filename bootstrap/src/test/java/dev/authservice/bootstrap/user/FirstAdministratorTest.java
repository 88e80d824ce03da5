package dev.authservice.bootstrap.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase.Command;
import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase.Result;
import dev.authservice.application.user.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the first administrator's variables may hold; EndToEndIT starts the jar with a good pair. */
class FirstAdministratorTest {

    private final List<Command> asked = new ArrayList<>();
    private final ProvisionFirstAdministratorUseCase provision = command -> {
        asked.add(command);
        return new Result.AdministratorExists();
    };

    /** Even with an administrator in place: one created with that password earlier still has it. */
    @ParameterizedTest
    @ValueSource(strings = {"alice-password", "bob-password"})
    void aDemoUsersPublishedPasswordStopsTheStart(String published) {
        FirstAdministrator administrator = new FirstAdministrator(provision, "root-admin", published);

        MisconfigurationException refused = assertThrows(MisconfigurationException.class, administrator::provision);

        assertEquals("AUTH_BOOTSTRAP_ADMIN_PASSWORD is refused: it is a demo user's password, which the README"
                + " publishes", refused.getMessage());
        assertEquals(List.of(), asked);
    }

    @Test
    void aUsernameANewAccountMayNotTakeStopsTheStart() {
        FirstAdministrator administrator = new FirstAdministrator(
                command -> new Result.RestrictedUsername("username must not hold U+0299, say"), "\u0299oot",
                "a long first administrator passphrase");

        MisconfigurationException refused = assertThrows(MisconfigurationException.class, administrator::provision);

        assertEquals("AUTH_BOOTSTRAP_ADMIN_USERNAME is refused: username must not hold U+0299, say",
                refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bob-password-2", "Bob-password", "a long first administrator passphrase"})
    void anyOtherPasswordIsTheUseCasesToJudge(String password) {
        new FirstAdministrator(provision, "root-admin", password).provision();

        assertEquals(1, asked.size());
    }
}
