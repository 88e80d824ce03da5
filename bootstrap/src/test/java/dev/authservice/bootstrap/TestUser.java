package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.UUID;

/**
 * A user of a test's own, created through the admin API by bob, the demo administrator, and logged in. The HTTP tests
 * of a resource with writes work on such users: the tests of a class share one service without meeting, and the demo
 * users' data, which {@link ContractHttpTest} counts exactly, stays as seeded.
 *
 * @param bearer the value of an {@code Authorization} header for this user
 */
public record TestUser(String userId, String username, String bearer) {

    /** Long enough for the default policy, common in no list, and containing no generated username. */
    public static final String PASSWORD = "violet lamps over a quiet harbor";

    /** A new user with the role USER and a random name. */
    public static TestUser create(Http http) {
        String admin = "Bearer " + http.logIn("bob", "bob-password").accessToken();
        String username = "user-" + UUID.randomUUID().toString().substring(0, 8);
        Http.Answer created = http.postJson("/api/admin/users", "{\"username\": \"" + username + "\", \"password\": \""
                + PASSWORD + "\", \"roles\": [\"USER\"], \"nickname\": \"Nick\", \"department\": \"Testing\"}",
                "Authorization", admin);
        assertEquals(201, created.status(), created.toString());
        Http.Answer login = http.logIn(username, PASSWORD);
        assertEquals(200, login.status(), login.toString());
        return new TestUser((String) created.data().get("userId"), username, "Bearer " + login.accessToken());
    }
}
