package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The jar's defaults against an operator who forgets a variable (docs/security.md, "Safe defaults"): with no
 * environment named it is a trial on this machine (loopback only, demo users), and anything a deployment configures
 * stops it; {@code dev} named keeps the demo users on every interface; {@code prod} refuses a guessable secret.
 */
class SafeDefaultsIT {

    @RegisterExtension
    final ServiceJar service = new ServiceJar();

    @Test
    void withNoEnvironmentNamedTheDemoUsersAreReachableFromThisMachineOnly() throws Exception {
        Http http = service.start(Map.of());

        assertEquals(200, http.logIn("bob", "bob-password").status(), "the README's first command still works");
        assertEquals("127.0.0.1", boundAddress(service.port()), "the API port listens on loopback only");
        assertTrue(service.log().contains("listening on 127.0.0.1 only"), service.log());
    }

    @Test
    void withDevNamedTheServiceListensOnEveryInterfaceAsBefore() throws Exception {
        Http http = service.start(Map.of("MICRONAUT_ENVIRONMENTS", "dev"));

        assertEquals(200, http.logIn("bob", "bob-password").status());
        assertEquals("every interface", boundAddress(service.port()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "AUTH_JWT_SECRET                     | aLiEULTP2rlutzWkwFxJQ8fIYX6uvfMdj1KO7bOkucg= | auth.jwt.secret",
            "MICRONAUT_SERVER_HOST               | 0.0.0.0                                      | micronaut.server.host",
            "AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES | 10.0.0.5                                     | auth.client-address.trusted-proxies",
            "AUTH_BOOTSTRAP_ADMIN_USERNAME       | root-admin                                   | auth.bootstrap-admin.username"})
    void withNoEnvironmentNamedASettingOfADeploymentStopsTheStartBeforeTheDatabaseIsOpened(
            String variable, String value, String property) throws Exception {
        String output = service.refusedStart(Map.of(variable, value));

        assertRefusedAsADeployment(property + " (" + variable + ") is set", output);
    }

    @Test
    void withNoEnvironmentNamedADatabaseOfItsOwnStopsTheStartBeforeTheDatabaseIsOpened() throws Exception {
        String output = service.refusedStart(Map.of("DATASOURCES_DEFAULT_URL", "jdbc:h2:file:./deployed"));

        assertRefusedAsADeployment("datasources.default.url (DATASOURCES_DEFAULT_URL) names another database than"
                + " the embedded one", output);
    }

    /** One line that says what was seen and what to do, and no database file: nothing was migrated or seeded. */
    private void assertRefusedAsADeployment(String seen, String output) throws IOException {
        assertTrue(output.contains("auth-service refuses to start: no environment is named, but " + seen
                + ", as in a deployment: set MICRONAUT_ENVIRONMENTS=prod to deploy, or MICRONAUT_ENVIRONMENTS=dev to"
                + " keep the demo users and their published passwords"), output);
        try (Stream<Path> files = Files.walk(service.directory())) {
            assertEquals(List.of(), files.filter(file -> file.toString().endsWith(".mv.db")).toList());
        }
    }

    /** A secret with the length and none of the randomness: a forged administrator's token was accepted with it. */
    @Test
    void prodRefusesASecretThatIsLongButGuessable() throws Exception {
        String guessable = "passwordpasswordpasswordpassword1";

        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET", guessable));

        assertEquals(List.of("auth-service refuses to start: auth.jwt.secret (AUTH_JWT_SECRET) is refused: the JWT"
                + " signing secret is not random: its 33 characters, letters of one case and digits, carry at most 170"
                + " bits, at least 256 are required; it is built from the dictionary word 'password' (4 times), worth"
                + " about 9 bits where random characters would carry 170; make one with: openssl rand -base64 32"),
                output.lines().filter(line -> line.contains("refuses to start")).toList(), output);
        assertFalse(output.contains(guessable), "the secret is not echoed: " + output);
    }

    /**
     * The address the socket listening on {@code port} is bound to, read from the kernel's socket tables rather than
     * by connecting to a non-loopback address of this machine, which these tests must never send traffic to.
     */
    private static String boundAddress(int port) throws IOException {
        String localPort = String.format(":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length > 3 && fields[1].endsWith(localPort) && "0A".equals(fields[3])) { // 0A: LISTEN
                    String address = fields[1].substring(0, fields[1].indexOf(':'));
                    if (address.chars().allMatch(c -> c == '0')) {
                        return "every interface";
                    }
                    // 127.0.0.1, in /proc/net/tcp or as an IPv4-mapped address in /proc/net/tcp6
                    return address.endsWith("0100007F") ? "127.0.0.1" : address;
                }
            }
        }
        throw new AssertionError("no socket listens on port " + port + " in /proc/net/tcp or /proc/net/tcp6");
    }
}
