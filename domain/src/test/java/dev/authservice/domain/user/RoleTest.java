package dev.authservice.domain.user;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class RoleTest {

    @Test
    void theWellKnownRolesCanBeLoaded() {
        // Role.USER and Role.ADMIN are built by Role's static initialiser, which needs the NAME pattern to exist by then.
        assertDoesNotThrow(() -> Role.USER, "Role cannot be initialised: is NAME declared after USER and ADMIN?");
    }

    @ParameterizedTest
    @ValueSource(strings = {"USER", "ADMIN", "A", "ORDER_READER", "LEVEL2"})
    void anUpperCaseNameIsARole(String name) {
        assertEquals(name, new Role(name).name());
    }

    @Test
    void aNameOf32CharactersIsTheLongestRole() {
        String longest = "R".repeat(32);

        assertEquals(longest, new Role(longest).name());
        assertThrows(InvalidValueException.class, () -> new Role(longest + "R"));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"user", "Admin", "1ADMIN", "_ADMIN", "AD-MIN", "ADMIN ", " ADMIN", "AD MIN", "ADMIN\n", "ÄDMIN"})
    void anythingElseIsRefusedNamingTheRolesField(String name) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new Role(name));

        assertEquals("roles", e.field());
    }

    @Test
    void theWellKnownRolesAreNamedAsTheTokenCarriesThem() {
        assertEquals("USER", Role.USER.toString());
        assertEquals("ADMIN", Role.ADMIN.toString());
        assertEquals(Role.ADMIN, new Role("ADMIN"));
    }
}
