package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The jar's defaults against an operator who forgets a variable (docs/security.md, "Safe defaults"): with no
 * environment named it is a trial on this machine (loopback only, demo users), and anything a deployment configures
 * stops it; {@code dev} named keeps the demo users on every interface; {@code prod} refuses a guessable secret or key,
 * a published one, and two keys that are the same, and so do the environments Micronaut infers; no environment but the
 * trial's and {@code dev} lets anyone log in with a published password; {@code test} is refused.
 */
public class SafeDefaultsIT {

    /** Random, as a deployment's secret should be ({@code openssl rand -base64 48}). */
    private static final String SECRET = "gXPfiZliFdxcc+1Ripf/K3SdwMnFifc1K/U12PbmIIS+8kJ+M+Ad2lrPBRZ5PMJJ";
    /** Random, as a deployment's key should be ({@code openssl rand -base64 32}). */
    private static final String ENCRYPTION_KEY = "Vx2kq9Jd3mL0pR7sT1uW5yZ8bC4eF6gH2iK3nM9oQ0A=";
    private static final Map<String, String> PROD = Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET", SECRET,
            "AUTH_SECOND_FACTOR_ENCRYPTION_KEY", ENCRYPTION_KEY);
    /**
     * What a pod of Kubernetes has, from which Micronaut infers the environments {@code k8s} and {@code cloud}. Nothing
     * connects to the address; were anything to, it would be this machine.
     */
    private static final Map<String, String> KUBERNETES = Map.of("KUBERNETES_SERVICE_HOST", "127.0.0.1",
            "KUBERNETES_SERVICE_PORT", "443");
    private static final String DEMO_USERS_REFUSED = "auth-service refuses to start: demo users still log in with the"
            + " passwords the README publishes: alice, bob (an administrator); disable them with: java -jar"
            + " auth-service.jar disable-demo-users (in this environment, on this database), or start on a new database";

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
        assertNoDatabase();
    }

    /** {@code environment} with the secrets a deployment must give: the signing secret and the encryption key. */
    private static Map<String, String> withSecret(Map<String, String> environment) {
        Map<String, String> withSecret = new HashMap<>(environment);
        withSecret.put("AUTH_JWT_SECRET", SECRET);
        withSecret.put("AUTH_SECOND_FACTOR_ENCRYPTION_KEY", ENCRYPTION_KEY);
        return withSecret;
    }

    private void assertNoDatabase() throws IOException {
        try (Stream<Path> files = Files.walk(service.directory())) {
            assertEquals(List.of(), files.filter(file -> file.toString().endsWith(".mv.db")).toList());
        }
    }

    /** A secret with the length and none of the randomness: a forged administrator's token was accepted with it. */
    @Test
    void prodRefusesASecretThatIsLongButGuessable() throws Exception {
        String guessable = "passwordpasswordpasswordpassword1";

        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET", guessable));

        assertEquals(List.of("auth-service refuses to start: auth.jwt.secret (AUTH_JWT_SECRET) is refused: it is not"
                + " random: its 33 characters, letters of one case and digits, carry at most 170 bits, at least 256 are"
                + " required; it is built from the dictionary word 'password' (4 times), worth about 9 bits where"
                + " random characters would carry 170; make one with: openssl rand -base64 32"),
                output.lines().filter(line -> line.contains("refuses to start")).toList(), output);
        assertFalse(output.contains(guessable), "the secret is not echoed: " + output);
    }

    /**
     * Secrets that look random as text but that anyone can know: a tutorial's key (an administrator's token signed
     * with it was accepted), the SHA-256 of a common password in hex and in base64, and base64 of a repeated phrase.
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "404E635266556A586E3272357538782F413F4428472B4B6250645367566B5970",
            "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
            "XohImNooBHFR0OVvjcYpJ3NgPQ1qq73WKhHvch0VQtg=",
            "dGhpc2lzbXlzZWNyZXRrZXl0aGlzaXNteXNlY3JldGtleQ=="})
    void prodRefusesASecretThatLooksRandomButIsKnownOrMadeOfWords(String known) throws Exception {
        String output = service.refusedStart(Map.of("MICRONAUT_ENVIRONMENTS", "prod", "AUTH_JWT_SECRET", known,
                "AUTH_SECOND_FACTOR_ENCRYPTION_KEY", ENCRYPTION_KEY));

        assertRefusedKey("auth.jwt.secret (AUTH_JWT_SECRET)", known, output);
    }

    /** Every key the service takes is judged as the signing secret is: 32 zero bytes, base64 of a repeated word. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "AUTH_SECOND_FACTOR_ENCRYPTION_KEY           | AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= | auth.second-factor.encryption-key",
            "AUTH_SECOND_FACTOR_PREVIOUS_ENCRYPTION_KEYS | AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= | auth.second-factor.previous-encryption-keys",
            "AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY          | Y2hhbmdlbWVjaGFuZ2VtZWNoYW5nZW1lY2hhbmdlbWU= | auth.refresh-token.reuse-grace-key"})
    void prodRefusesAGuessableKeyWhereverItIsConfigured(String variable, String guessable, String property)
            throws Exception {
        Map<String, String> environment = new HashMap<>(PROD);
        environment.put(variable, guessable);

        String output = service.refusedStart(environment);

        assertRefusedKey(property + " (" + variable + ")", guessable, output);
    }

    /** One key in two places: whoever learns it from one place has the other. */
    @Test
    void prodRefusesTwoKeysThatAreTheSame() throws Exception {
        Map<String, String> environment = new HashMap<>(PROD);
        environment.put("AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY", ENCRYPTION_KEY);

        String output = service.refusedStart(environment);

        assertRefusedKey("auth.refresh-token.reuse-grace-key (AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY)", ENCRYPTION_KEY,
                output);
        assertTrue(output.contains("it is the same key as auth.second-factor.encryption-key"
                + " (AUTH_SECOND_FACTOR_ENCRYPTION_KEY)"), output);
    }

    /** One line, naming the key and how to make a good one, without the key itself; and nothing was opened. */
    private void assertRefusedKey(String key, String text, String output) throws IOException {
        List<String> refusals = output.lines().filter(line -> line.contains("refuses to start")).toList();
        assertEquals(1, refusals.size(), output);
        assertTrue(refusals.get(0).startsWith("auth-service refuses to start: " + key + " is refused: "), output);
        assertTrue(refusals.get(0).endsWith("; make one with: openssl rand -base64 32"), output);
        assertFalse(output.contains(text), "the key is not echoed: " + output);
        assertNoDatabase();
    }

    /**
     * The trial's database, started again as a deployment: the demo users are refused until the command disables
     * them, which ends their sessions and serves nothing; then the deployment starts and bob's password is no key.
     */
    @Test
    void aProductionStartRefusesTheDemoUsersATrialLeftInItsDatabaseUntilTheCommandDisablesThem() throws Exception {
        Http.Answer trialLogin = service.start(Map.of()).logIn("bob", "bob-password");
        assertEquals(200, trialLogin.status(), trialLogin.toString());
        service.close();

        String refused = service.refusedStart(PROD);
        assertTrue(refused.contains(DEMO_USERS_REFUSED), refused);

        String disabled = service.run(PROD, "disable-demo-users");
        assertTrue(disabled.contains("Disabled the demo user alice ("), disabled);
        assertTrue(disabled.contains("Disabled the demo user bob ("), disabled);
        assertFalse(disabled.contains("Startup completed"), "the command serves nothing: " + disabled);
        Http http = service.start(PROD);

        assertEquals("INVALID_CREDENTIALS", http.logIn("bob", "bob-password").errorCode());
        assertEquals("INVALID_REFRESH_TOKEN", http.refresh(trialLogin.refreshToken()).errorCode());
        assertEquals("every interface", boundAddress(service.port()));
        service.close();
        String again = service.run(PROD, "disable-demo-users");
        assertTrue(again.contains("No demo user logs in with a published password: nothing to disable"), again);
    }

    /** Named or inferred, an environment that seeds no demo users does not serve the ones a trial left. */
    @ParameterizedTest
    @MethodSource("deploymentsThatSeedNoDemoUsers")
    void everyEnvironmentThatSeedsNoDemoUsersRefusesTheOnesATrialLeft(Map<String, String> deployment)
            throws Exception {
        service.start(Map.of());
        service.close();

        String refused = service.refusedStart(deployment);

        assertTrue(refused.contains(DEMO_USERS_REFUSED), refused);
    }

    static Stream<Map<String, String>> deploymentsThatSeedNoDemoUsers() {
        return Stream.of(withSecret(Map.of("MICRONAUT_ENVIRONMENTS", "staging")), withSecret(KUBERNETES));
    }

    /**
     * In a pod, with no environment named, Micronaut infers {@code k8s} and {@code cloud}, and the default ones, the
     * trial's, do not apply: a deployment as {@code prod} is, without demo users, requiring the secret.
     */
    @Test
    void inAPodWithNoEnvironmentNamedTheServiceIsADeploymentNotATrial() throws Exception {
        String refused = service.refusedStart(KUBERNETES);
        assertTrue(refused.contains("Established active environments: [k8s, cloud]"), refused);
        assertTrue(refused.contains("auth-service refuses to start: auth.jwt.secret (AUTH_JWT_SECRET) is required"),
                refused);

        Http http = service.start(withSecret(KUBERNETES));

        assertEquals("INVALID_CREDENTIALS", http.logIn("bob", "bob-password").errorCode());
        assertEquals("every interface", boundAddress(service.port()));
    }

    /** The test suite's environment seeds the demo users with none of the trial's guards: the jar refuses it. */
    @ParameterizedTest
    @ValueSource(strings = {"MICRONAUT_ENVIRONMENTS=test", "JAVA_TOOL_OPTIONS=-Dmicronaut.environments=test"})
    void theTestEnvironmentIsRefusedBeforeTheDatabaseIsOpened(String setting) throws Exception {
        String[] variable = setting.split("=", 2);

        String output = service.refusedStart(Map.of(variable[0], variable[1]));

        assertTrue(output.contains("auth-service refuses to start: the environment test is the test suite's, not the"
                + " jar's: set MICRONAUT_ENVIRONMENTS=dev to try the demo users, or MICRONAUT_ENVIRONMENTS=prod to"
                + " deploy"), output);
        assertNoDatabase();
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
