package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.authservice.domain.mail.EmailAddress;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Email addresses over real HTTP against the whole service, on users each test creates. The step-up a user's own
 * change asks for is in {@code StepUpHttpTest}, with the other changes to how one signs in.
 */
@MicronautTest
class EmailAddressesHttpTest {

    private static final String USERS = "/api/admin/users";
    private static final String MY_EMAIL = "/api/user/email";

    @Inject
    EmbeddedServer server;

    private Http http;
    private String admin;

    @BeforeEach
    void client() {
        http = new Http(server.getURI());
        admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
    }

    @Test
    void theDemoUsersHaveVerifiedAddressesOnTheReservedDomain() {
        String alice = "Bearer " + http.logIn("alice", "alice-password").accessToken();

        assertEquals(Map.of("email", "alice@example.com", "emailVerified", true),
                http.get(MY_EMAIL, "Authorization", alice).data());
    }

    @Test
    void anAddressGivenAtCreationIsShownUnverifiedToTheAdministratorAndTheUserButNotInTheList() {
        String username = newUsername();
        Http.Answer created = create(username, "\"" + username + "@Example.COM\"");

        assertEquals(201, created.status(), created.toString());
        assertEquals(username + "@Example.COM", created.data().get("email"));
        assertEquals(false, created.data().get("emailVerified"));
        Map<String, Object> detail = http.get(USERS + "/" + created.data().get("userId"), "Authorization", admin)
                .data();
        assertEquals(username + "@Example.COM", detail.get("email"));
        assertEquals(false, detail.get("emailVerified"));
        assertEquals(Map.of("email", username + "@Example.COM", "emailVerified", false),
                http.get(MY_EMAIL, "Authorization", bearerOf(username)).data());
        Http.Answer list = http.get(USERS + "?size=100&sort=createdAt,desc", "Authorization", admin);
        list.content().forEach(user -> assertEquals(List.of("createdAt", "roles", "userId", "username"),
                user.keySet().stream().sorted().toList(), "the contract's fields only"));
    }

    @Test
    void anAccountWithoutAnAddressShowsNone() {
        String username = newUsername();
        Http.Answer created = create(username, null);

        assertNull(created.data().get("email"));
        assertEquals(false, created.data().get("emailVerified"));
        Map<String, Object> mine = http.get(MY_EMAIL, "Authorization", bearerOf(username)).data();
        assertNull(mine.get("email"));
        assertEquals(false, mine.get("emailVerified"));
    }

    @Test
    void anAdministratorSetsAndRemovesAnAddress() {
        String username = newUsername();
        String userId = (String) create(username, null).data().get("userId");

        assertEquals(204, http.putJson(USERS + "/" + userId + "/email", "{\"email\": \"" + username
                + "@bücher.example\"}", "Authorization", admin).status());
        assertEquals(username + "@bücher.example", http.get(USERS + "/" + userId, "Authorization", admin).data()
                .get("email"));
        assertEquals(204, http.delete(USERS + "/" + userId + "/email", "Authorization", admin).status());
        assertNull(http.get(USERS + "/" + userId, "Authorization", admin).data().get("email"));
    }

    @Test
    void aMailboxBelongsToOneAccountTheDomainInAnyCaseOrScript() {
        String holder = newUsername();
        create(holder, "\"" + holder + "@bücher.example\"");
        String other = newUsername();
        String otherId = (String) create(other, null).data().get("userId");
        String taken = "{\"email\": \"" + holder + "@XN--BCHER-KVA.example\"}";

        assertError(create(newUsername(), "\"" + holder + "@BÜCHER.example\""), 409, "EMAIL_TAKEN");
        assertError(http.putJson(USERS + "/" + otherId + "/email", taken, "Authorization", admin), 409,
                "EMAIL_TAKEN");
        assertError(http.putJson(MY_EMAIL, taken, "Authorization", bearerOf(other)), 409, "EMAIL_TAKEN");
        assertNull(http.get(USERS + "/" + otherId, "Authorization", admin).data().get("email"), "nothing changed");
    }

    @Test
    void theLocalPartKeepsItsCaseSoAnotherCaseIsAnotherMailbox() {
        String holder = newUsername();
        create(holder, "\"" + holder + "@example.com\"");

        Http.Answer created = create(newUsername(), "\"" + holder.toUpperCase() + "@example.com\"");

        assertEquals(201, created.status(), created.toString());
    }

    @Test
    void aUserChangesTheirAddressWhichIsThenUnverified() {
        String username = newUsername();
        create(username, null);
        String bearer = bearerOf(username);

        assertEquals(204, http.putJson(MY_EMAIL, "{\"email\": \" " + username + "@example.org \"}",
                "Authorization", bearer).status());

        assertEquals(Map.of("email", username + "@example.org", "emailVerified", false),
                http.get(MY_EMAIL, "Authorization", bearer).data());
        Http.Answer changes = http.get("/api/admin/audit-events?type=EMAIL_ADDRESS_CHANGED", "Authorization", admin);
        assertFalse(changes.body().contains(username + "@"), "the trail never holds an address: " + changes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"email\": \"no-at-sign\"}", "{\"email\": \"a@b@example.com\"}",
            "{\"email\": \"<a>@example.com\"}", "{\"email\": \"a@localhost\"}", "{\"email\": \"a@exa_mple.com\"}",
            "{\"email\": \"\"}", "{\"email\": 42}", "{\"email\": null}", "{}", "[]", "not json"})
    void aBadAddressIsRefusedAndChangesNothing(String body) {
        String username = newUsername();
        String userId = (String) create(username, "\"" + username + "@example.com\"").data().get("userId");

        assertError(http.putJson(USERS + "/" + userId + "/email", body, "Authorization", admin), 400,
                "INVALID_INPUT");
        assertError(http.putJson(MY_EMAIL, body, "Authorization", bearerOf(username)), 400, "INVALID_INPUT");
        assertEquals(username + "@example.com", http.get(USERS + "/" + userId, "Authorization", admin).data()
                .get("email"));
    }

    @Test
    void aBadAddressAtCreationIsRefusedAndNoAccountMade() {
        String username = newUsername();

        assertError(create(username, "\"" + username + "@\""), 400, "INVALID_INPUT");
        assertError(create(username, "42"), 400, "INVALID_INPUT");

        assertEquals(401, http.logIn(username, TestUser.PASSWORD).status());
    }

    @Test
    void anUnknownUserOrOneThatCannotBeAnIdIsNotFound() {
        String unknown = USERS + "/" + UUID.randomUUID() + "/email";

        assertError(http.putJson(unknown, "{\"email\": \"x@example.com\"}", "Authorization", admin), 404,
                "USER_NOT_FOUND");
        assertError(http.delete(unknown, "Authorization", admin), 404, "USER_NOT_FOUND");
        assertError(http.delete(USERS + "/not-an-id/email", "Authorization", admin), 404, "USER_NOT_FOUND");
    }

    @Test
    void onlyAnAdministratorSetsAnotherUsersAddressAndOnlyACallerReadsTheirOwn() {
        String username = newUsername();
        String userId = (String) create(username, null).data().get("userId");

        assertError(http.putJson(USERS + "/" + userId + "/email", "{\"email\": \"x@example.com\"}",
                "Authorization", bearerOf(username)), 403, "FORBIDDEN");
        assertError(http.get(MY_EMAIL), 401, "UNAUTHORIZED");
        assertError(http.putJson(MY_EMAIL, "{\"email\": \"x@example.com\"}"), 401, "UNAUTHORIZED");
    }

    private Http.Answer create(String username, String emailJson) {
        return http.postJson(USERS, "{\"username\": \"" + username + "\", \"password\": \"" + TestUser.PASSWORD
                + "\", \"roles\": [\"USER\"], \"nickname\": \"Nick\", \"department\": \"Testing\""
                + (emailJson == null ? "" : ", \"email\": " + emailJson) + "}", "Authorization", admin);
    }

    private String bearerOf(String username) {
        return "Bearer " + http.logIn(username, TestUser.PASSWORD).accessToken();
    }

    private static String newUsername() {
        return "user-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
