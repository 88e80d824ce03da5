package dev.authservice.benchmarks.keycloak;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.service.DemoUser;
import dev.authservice.benchmarks.service.Scenarios;
import java.io.IOException;
import java.util.List;

/**
 * The virtual clients of Keycloak's scenarios in {@link KeycloakRealm}, each the nearest to one of the service's, on
 * the same kind of connections ({@link Scenarios}: one per client, from a loopback address of its own):
 * <ul>
 *   <li>login: the password grant at the token endpoint, the user's right password, no scope asked, so that the
 *       answer is an access token and a refresh token, as {@code POST /api/login}'s is (with {@code openid} Keycloak
 *       would also sign an ID token);</li>
 *   <li>refresh: the refresh-token grant, every client following its own rotation chain;</li>
 *   <li>userinfo: {@code GET} of the userinfo endpoint with a Bearer token, the nearest to the service's profile. It
 *       wants a token of the {@code openid} scope, so its token comes from a login that asks for it.</li>
 * </ul>
 */
public final class KeycloakScenarios {

    private final String host;
    private final int port;
    private final String hostHeader;
    private final Scenarios clients;

    public KeycloakScenarios(String host, int port, int concurrency) {
        this.host = host;
        this.port = port;
        this.hostHeader = host + ":" + port;
        this.clients = new Scenarios(host, port, concurrency);
    }

    public List<ClosedLoop.VirtualClient> login() {
        return clients.fixed(login(""));
    }

    public List<ClosedLoop.VirtualClient> refresh() throws IOException {
        return clients.rotations(new Scenarios.Rotation(login(""), this::refresh,
                answer -> answer.jsonString("refresh_token")));
    }

    public List<ClosedLoop.VirtualClient> userinfo() throws IOException {
        String accessToken;
        try (HttpConnection connection = new HttpConnection(host, port)) {
            HttpConnection.Response answer = connection.exchange(login("openid"));
            accessToken = answer.status() == 200 ? answer.jsonString("access_token") : null;
            if (accessToken == null) {
                throw new IOException("Keycloak's login as " + DemoUser.USERNAME + " answered " + answer.status()
                        + ": " + answer.bodyText());
            }
        }
        return clients.fixed(HttpConnection.request("GET", "/realms/" + KeycloakRealm.REALM
                + "/protocol/openid-connect/userinfo", hostHeader, null, "Authorization: Bearer " + accessToken));
    }

    /** The password grant; {@code scope} empty for none. */
    byte[] login(String scope) {
        String form = KeycloakRealm.form("grant_type", "password", "client_id", KeycloakRealm.CLIENT, "username",
                DemoUser.USERNAME, "password", DemoUser.PASSWORD);
        return KeycloakRealm.tokenRequest(KeycloakRealm.REALM, hostHeader,
                scope.isEmpty() ? form : form + "&" + KeycloakRealm.form("scope", scope));
    }

    /** The refresh-token grant presenting {@code refreshToken}. */
    byte[] refresh(String refreshToken) {
        return KeycloakRealm.tokenRequest(KeycloakRealm.REALM, hostHeader, KeycloakRealm.form("grant_type",
                "refresh_token", "client_id", KeycloakRealm.CLIENT, "refresh_token", refreshToken));
    }
}
