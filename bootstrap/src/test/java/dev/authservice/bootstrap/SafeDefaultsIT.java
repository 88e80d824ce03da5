package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The jar's defaults against an operator who forgets a variable (docs/security.md, "Safe defaults"): with no
 * environment named it is a trial on this machine (loopback only, demo users), and anything a deployment configures
 * stops it; {@code dev} named keeps the demo users on every interface; {@code prod} refuses a guessable secret.
 */
class SafeDefaultsIT {

    @TempDir
    Path workingDirectory;

    private ServiceJar service;

    @BeforeEach
    void jar() {
        service = new ServiceJar(workingDirectory);
    }

    @AfterEach
    void stop() throws InterruptedException {
        service.close();
    }

    @Test
    void withNoEnvironmentNamedTheDemoUsersAreReachableFromThisMachineOnly() throws Exception {
        InetAddress external = externalAddress();

        Http http = service.start(Map.of());

        assertEquals(200, http.logIn("bob", "bob-password").status(), "the README's first command still works");
        assertFalse(accepts(external, service.port()), "the API port answers on " + external);
        assertTrue(service.log().contains("listening on 127.0.0.1 only"), service.log());
    }

    @Test
    void withDevNamedTheServiceListensOnEveryInterfaceAsBefore() throws Exception {
        InetAddress external = externalAddress();

        Http http = service.start(Map.of("MICRONAUT_ENVIRONMENTS", "dev"));

        assertEquals(200, http.logIn("bob", "bob-password").status());
        assertTrue(accepts(external, service.port()), "the API port does not answer on " + external);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "AUTH_JWT_SECRET                     | kO3v9ZqP1xWm7Ls2Hd8Rt4Yc6Nb0Ja5E | auth.jwt.secret",
            "MICRONAUT_SERVER_HOST               | 0.0.0.0                          | micronaut.server.host",
            "AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES | 10.0.0.5                         | auth.client-address.trusted-proxies",
            "AUTH_BOOTSTRAP_ADMIN_USERNAME       | root-admin                       | auth.bootstrap-admin.username"})
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
        try (Stream<Path> files = Files.walk(workingDirectory)) {
            assertEquals(List.of(), files.filter(file -> file.toString().endsWith(".mv.db")).toList());
        }
    }

    @Test
    void prodRefusesASecretThatIsLongButGuessable() throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "prod",
                "AUTH_JWT_SECRET", "changeme".repeat(4)));

        assertTrue(output.contains("auth-service refuses to start: auth.jwt.secret (AUTH_JWT_SECRET) is refused: the"
                + " JWT signing secret is not random: it has 7 different bytes, at least 8 are required"), output);
        assertFalse(output.contains("changeme"), "the secret is not echoed: " + output);
    }

    /** An address of this machine's that is not loopback, so another machine would connect to it. */
    private static InetAddress externalAddress() throws SocketException {
        Optional<InetAddress> external = NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                .findFirst();
        assumeTrue(external.isPresent(), "this machine has no address but loopback");
        return external.get();
    }

    private static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2000);
            return true;
        } catch (IOException refused) {
            return false;
        }
    }
}
