package dev.authservice.benchmarks.keycloak;

import dev.authservice.benchmarks.load.Browser;
import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.RecommendedFlags;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sign-in through a real Keycloak, end to end (docs/identity-providers.md, "Keycloak"): Keycloak from an unpacked
 * {@code keycloak-quarkus-dist} on loopback ({@link KeycloakProcess}, on a database of its own on the PostgreSQL
 * server that DATASOURCES_DEFAULT_URL names), a realm made through its admin REST API with a confidential client for
 * the service (its exact redirect URI, PKCE S256 required) and a user; the service's jar on H2 with Keycloak as its
 * provider {@code keycloak}. Then, as a browser would, following every redirect by hand and keeping each side's
 * cookies: alice signs in with her password and links her Keycloak identity (her login is fresh, so no step-up is
 * asked), through Keycloak's own login form; a new browser signs in with Keycloak alone, gets the refresh cookie from
 * the service's callback and its access token from {@code /api/refresh}, reads alice's profile with it, and prints
 * the token's {@code amr}. The provider signs new users up, so a second Keycloak user, carol, whom no account is
 * linked to, signs in and gets a new account of her own: named as Keycloak prefers, with the address it verified,
 * and no password. Each step is printed; any other answer stops the run:
 * {@code DATASOURCES_DEFAULT_URL=jdbc:postgresql://127.0.0.1:5432/postgres DATASOURCES_DEFAULT_USERNAME=postgres
 * java -cp benchmarks/target/benchmarks.jar dev.authservice.benchmarks.keycloak.KeycloakSignIn
 * benchmarks/target/keycloak-26.7.3 [jar]}, after {@code ./mvnw -q -B -Pkeycloak package -DskipTests}.
 */
public final class KeycloakSignIn {

    private static final String REALM = "company";
    private static final String CLIENT = "auth-service";
    private static final String PROVIDER = "keycloak";
    private static final String KEYCLOAK_USER = "alice.kc";
    private static final String NEWCOMER = "carol.kc";
    private static final Pattern FORM_ACTION = Pattern.compile("<form[^>]*id=\"kc-form-login\"[^>]*action=\"([^\"]+)\"");
    private static final SecureRandom RANDOM = new SecureRandom();

    private KeycloakSignIn() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args.length > 0 ? args[0] : "benchmarks/target/keycloak-26.7.3");
        Path jar = Path.of(args.length > 1 ? args[1] : "bootstrap/target/auth-service.jar");
        String server = Postgres.serverUrl().orElseThrow(() -> new IllegalArgumentException(
                "DATASOURCES_DEFAULT_URL must name a PostgreSQL server: Keycloak keeps its realm there"));
        Path javaHome = Path.of(System.getProperty("java.home"));
        String clientSecret = secret();
        String userPassword = secret();
        int port = ServiceProcess.freePort();
        String service = "http://127.0.0.1:" + port;
        try (Postgres database = Postgres.createDatabase(server);
             KeycloakProcess keycloak = KeycloakProcess.start(home, javaHome, database)) {
            String issuer = "http://127.0.0.1:" + keycloak.port() + "/realms/" + REALM;
            System.out.printf("Keycloak %s on 127.0.0.1:%d, started in %.1f s%n", KeycloakProcess.version(home),
                    keycloak.port(), keycloak.startupMillis() / 1000);
            createRealm(keycloak, service + "/api/identity-providers/" + PROVIDER + "/callback", clientSecret,
                    userPassword);
            System.out.println("realm " + REALM + ": confidential client " + CLIENT + " (PKCE S256, redirect URI "
                    + service + "/api/identity-providers/" + PROVIDER + "/callback), user " + KEYCLOAK_USER);
            Path settings = Files.createTempFile("keycloak-provider-", ".yml");
            Files.writeString(settings, """
                    auth:
                      identity-providers:
                        %s:
                          issuer: %s
                          client-id: %s
                          client-secret: %s
                          display-name: Company Keycloak
                          sign-up: true
                    """.formatted(PROVIDER, issuer, CLIENT, clientSecret));
            try (ServiceProcess auth = ServiceProcess.start(javaHome, jar, RecommendedFlags.JVM_OPTIONS,
                    Optional.empty(), Map.of(
                            "MICRONAUT_SERVER_PORT", Integer.toString(port),
                            "AUTH_PUBLIC_URL", service,
                            "MICRONAUT_CONFIG_FILES", settings.toString()))) {
                System.out.println("the service on " + service + ", provider " + PROVIDER + " at " + issuer);
                signInEndToEnd(service, userPassword);
            }
        }
    }

    private static void signInEndToEnd(String service, String userPassword) throws Exception {
        Browser alices = new Browser();
        String bearer = "Bearer " + field(alices.send("POST", service + "/api/login",
                "{\"username\":\"alice\",\"password\":\"alice-password\"}", Map.of()), 200, "accessToken");
        System.out.println("1. alice signs in with her password: 200");

        HttpResponse<String> linking = alices.send("POST", service + "/api/user/identities",
                "{\"provider\":\"" + PROVIDER + "\"}", Map.of("Authorization", bearer));
        String callback = throughKeycloak(alices, field(linking, 200, "authorizationUrl"), userPassword);
        HttpResponse<String> linked = alices.send("GET", callback, null, Map.of());
        Browser.expect(linked, 303);
        System.out.println("2. she links her Keycloak identity through Keycloak's login form: the callback answers 303 "
                + Browser.location(linked));
        HttpResponse<String> identities = alices.send("GET", service + "/api/user/identities", null,
                Map.of("Authorization", bearer));
        Browser.expect(identities, 200);
        System.out.println("3. her identities: " + identities.body());

        Browser fresh = new Browser();
        HttpResponse<String> started = fresh.send("GET", service + "/api/identity-providers/" + PROVIDER
                + "/authorization", null, Map.of());
        Browser.expect(started, 302);
        callback = throughKeycloak(fresh, Browser.location(started), userPassword);
        HttpResponse<String> signedIn = fresh.send("GET", callback, null, Map.of());
        Browser.expect(signedIn, 303);
        System.out.println("4. a new browser signs in with Keycloak alone: the callback answers 303 "
                + Browser.location(signedIn) + " with the refresh cookie");
        String accessToken = field(fresh.send("POST", service + "/api/refresh", "", Map.of()), 200, "accessToken");
        HttpResponse<String> profile = fresh.send("GET", service + "/api/user/profile", null,
                Map.of("Authorization", "Bearer " + accessToken));
        Browser.expect(profile, 200);
        System.out.println("5. /api/refresh gives the access token; /api/user/profile answers 200: " + profile.body());
        String claims = new String(Base64.getUrlDecoder().decode(accessToken.split("\\.")[1]), StandardCharsets.UTF_8);
        System.out.println("6. the access token's claims: " + claims);

        Browser carols = new Browser();
        started = carols.send("GET", service + "/api/identity-providers/" + PROVIDER + "/authorization", null,
                Map.of());
        Browser.expect(started, 302);
        HttpResponse<String> signedUp = carols.send("GET", throughKeycloak(carols, Browser.location(started),
                NEWCOMER, userPassword), null, Map.of());
        Browser.expect(signedUp, 303);
        System.out.println("7. " + NEWCOMER + ", linked to no account, signs in with Keycloak: the callback answers 303 "
                + Browser.location(signedUp) + " with the refresh cookie");
        String carolsBearer = "Bearer " + field(carols.send("POST", service + "/api/refresh", "", Map.of()), 200,
                "accessToken");
        HttpResponse<String> carolsProfile = carols.send("GET", service + "/api/user/profile", null,
                Map.of("Authorization", carolsBearer));
        Browser.expect(carolsProfile, 200);
        HttpResponse<String> carolsEmail = carols.send("GET", service + "/api/user/email", null,
                Map.of("Authorization", carolsBearer));
        Browser.expect(carolsEmail, 200);
        System.out.println("8. her new account: " + carolsProfile.body() + "; its address: " + carolsEmail.body());
        HttpResponse<String> withAPassword = new Browser().send("POST", service + "/api/login",
                "{\"username\":\"" + NEWCOMER + "\",\"password\":\"" + userPassword + "\"}", Map.of());
        Browser.expect(withAPassword, 401);
        System.out.println("9. it has no password: a password login with her name answers 401");
    }

    /**
     * From the provider's authorization URL through Keycloak's login form as {@link #KEYCLOAK_USER}, to the service's
     * callback URL Keycloak redirects to, which is returned unfollowed.
     */
    private static String throughKeycloak(Browser browser, String authorizationUrl, String userPassword)
            throws Exception {
        return throughKeycloak(browser, authorizationUrl, KEYCLOAK_USER, userPassword);
    }

    private static String throughKeycloak(Browser browser, String authorizationUrl, String username,
                                          String userPassword) throws Exception {
        HttpResponse<String> form = browser.send("GET", authorizationUrl, null, Map.of());
        Browser.expect(form, 200);
        Matcher action = FORM_ACTION.matcher(form.body());
        if (!action.find()) {
            throw new IllegalStateException("no login form in Keycloak's page: " + form.body());
        }
        HttpResponse<String> redirected = browser.send("POST", action.group(1).replace("&amp;", "&"),
                "username=" + username + "&password=" + URLEncoder.encode(userPassword, StandardCharsets.UTF_8)
                        + "&credentialId=", Map.of("Content-Type", "application/x-www-form-urlencoded"));
        Browser.expect(redirected, 302);
        return Browser.location(redirected);
    }

    private static void createRealm(KeycloakProcess keycloak, String redirectUri, String clientSecret,
                                    String userPassword) throws IOException {
        String realm = """
                {
                  "realm": "%s",
                  "enabled": true,
                  "clients": [
                    {"clientId": "%s", "enabled": true, "protocol": "openid-connect", "publicClient": false,
                     "secret": "%s", "standardFlowEnabled": true, "directAccessGrantsEnabled": false,
                     "redirectUris": ["%s"], "attributes": {"pkce.code.challenge.method": "S256"}}
                  ],
                  "users": [
                    {"username": "%s", "enabled": true, "firstName": "Alice", "lastName": "Company",
                     "email": "alice@example.org", "emailVerified": true,
                     "credentials": [{"type": "password", "value": "%6$s", "temporary": false}]},
                    {"username": "%7$s", "enabled": true, "firstName": "Carol", "lastName": "Newcomer",
                     "email": "carol@example.org", "emailVerified": true,
                     "credentials": [{"type": "password", "value": "%6$s", "temporary": false}]}
                  ]
                }
                """.formatted(REALM, CLIENT, clientSecret, redirectUri, KEYCLOAK_USER, userPassword, NEWCOMER);
        String host = "127.0.0.1:" + keycloak.port();
        try (HttpConnection connection = new HttpConnection("127.0.0.1", keycloak.port())) {
            String adminToken = connection.exchange(KeycloakRealm.tokenRequest("master", host, KeycloakRealm.form(
                    "grant_type", "password", "client_id", "admin-cli", "username", KeycloakProcess.ADMIN_USERNAME,
                    "password", keycloak.adminPassword()))).expect(200).jsonString("access_token");
            connection.exchange(HttpConnection.request("POST", "/admin/realms", host, realm,
                    "Content-Type: application/json", "Authorization: Bearer " + adminToken)).expect(201);
        }
    }

    private static String field(HttpResponse<String> response, int status, String name) {
        Browser.expect(response, status);
        Matcher value = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
        if (!value.find()) {
            throw new IllegalStateException("no " + name + " in " + response.body());
        }
        return value.group(1);
    }

    private static String secret() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
