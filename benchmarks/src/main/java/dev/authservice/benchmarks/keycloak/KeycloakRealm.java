package dev.authservice.benchmarks.keycloak;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.service.DemoUser;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/**
 * The realm Keycloak is measured in, as close to the service's settings as Keycloak's own allow, created through its
 * admin REST API on loopback:
 * <ul>
 *   <li>access tokens for 15 minutes, the service's {@code auth.access-token.ttl};</li>
 *   <li>a refresh token is good once: "Revoke Refresh Token" with a reuse count of 0, Keycloak's form of the service's
 *       rotation (a token presented again is refused, and so is the session's newer one); sessions idle for up to 30
 *       days, the service's refresh-token lifetime;</li>
 *   <li>access tokens signed with HS256, as the service's by default (Keycloak's default is RS256, whose signature
 *       alone costs 0.7 ms here: docs/benchmarks/jmh-tokens.md), by a generated HMAC key of the realm; Keycloak signs
 *       its refresh tokens with HS512 in any case;</li>
 *   <li>failed logins counted per user (brute-force detection: 5 failures within 15 minutes; concurrent right ones
 *       let through, {@link KeycloakProcess}), and logins recorded as events in the database, as the service counts
 *       failures and writes an audit row per login;</li>
 *   <li>Keycloak's default password hashing, unchanged: Argon2id with 7 MiB, 5 passes, 1 lane; the benchmark prints
 *       the parameters the user's stored credential was made with;</li>
 *   <li>a public client with direct access grants (the password grant, OAuth's Resource Owner Password Credentials):
 *       a login with a username and a password and nothing else, as {@code POST /api/login} is; no client secret
 *       to check, as the service has none;</li>
 *   <li>the benchmark's user, {@link DemoUser#USERNAME}, with its password.</li>
 * </ul>
 */
public final class KeycloakRealm {

    static final String REALM = "bench";
    static final String CLIENT = "bench";
    static final int ACCESS_TOKEN_SECONDS = 15 * 60;
    static final int SESSION_SECONDS = 30 * 24 * 60 * 60;

    private KeycloakRealm() {
    }

    /** The realm representation sent to {@code POST /admin/realms}. */
    static String json() {
        return """
                {
                  "realm": "%1$s",
                  "enabled": true,
                  "accessTokenLifespan": %3$d,
                  "revokeRefreshToken": true,
                  "refreshTokenMaxReuse": 0,
                  "ssoSessionIdleTimeout": %4$d,
                  "ssoSessionMaxLifespan": %4$d,
                  "defaultSignatureAlgorithm": "HS256",
                  "components": {
                    "org.keycloak.keys.KeyProvider": [
                      {"name": "hmac-hs256", "providerId": "hmac-generated",
                       "config": {"algorithm": ["HS256"], "priority": ["100"]}}
                    ]
                  },
                  "bruteForceProtected": true,
                  "failureFactor": 5,
                  "maxDeltaTimeSeconds": 900,
                  "eventsEnabled": true,
                  "enabledEventTypes": ["LOGIN", "LOGIN_ERROR"],
                  "clients": [
                    {"clientId": "%2$s", "enabled": true, "protocol": "openid-connect", "publicClient": true,
                     "directAccessGrantsEnabled": true, "standardFlowEnabled": false}
                  ],
                  "users": [
                    {"username": "%5$s", "enabled": true, "firstName": "Alice", "lastName": "Benchmark",
                     "email": "%5$s@example.org", "emailVerified": true,
                     "credentials": [{"type": "password", "value": "%6$s", "temporary": false}]}
                  ]
                }
                """.formatted(REALM, CLIENT, ACCESS_TOKEN_SECONDS, SESSION_SECONDS, DemoUser.USERNAME,
                DemoUser.PASSWORD);
    }

    /** Creates the realm in {@code keycloak} as its temporary administrator. */
    public static void create(KeycloakProcess keycloak) throws IOException {
        String host = "127.0.0.1:" + keycloak.port();
        try (HttpConnection connection = new HttpConnection("127.0.0.1", keycloak.port())) {
            HttpConnection.Response token = connection.exchange(tokenRequest("master", host, form(
                    "grant_type", "password", "client_id", "admin-cli", "username", KeycloakProcess.ADMIN_USERNAME,
                    "password", keycloak.adminPassword())));
            String adminToken = token.jsonString("access_token");
            if (token.status() != 200 || adminToken == null) {
                throw new IOException("Keycloak's administrator could not log in: " + token.status());
            }
            HttpConnection.Response created = connection.exchange(HttpConnection.request("POST", "/admin/realms",
                    host, json(), "Content-Type: application/json", "Authorization: Bearer " + adminToken));
            if (created.status() != 201) {
                throw new IOException("Keycloak did not create the realm: " + created.status() + " "
                        + created.bodyText());
            }
        }
    }

    /** {@code POST} of a form to the token endpoint of {@code realm}. */
    static byte[] tokenRequest(String realm, String host, String form) {
        return HttpConnection.request("POST", "/realms/" + realm + "/protocol/openid-connect/token", host, form,
                "Content-Type: application/x-www-form-urlencoded");
    }

    /** {@code name=value&...}, each URL-encoded. */
    static String form(String... namesAndValues) {
        StringJoiner form = new StringJoiner("&");
        for (int i = 0; i < namesAndValues.length; i += 2) {
            form.add(URLEncoder.encode(namesAndValues[i], StandardCharsets.UTF_8) + "="
                    + URLEncoder.encode(namesAndValues[i + 1], StandardCharsets.UTF_8));
        }
        return form.toString();
    }
}
