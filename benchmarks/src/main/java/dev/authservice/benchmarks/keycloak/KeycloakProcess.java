package dev.authservice.benchmarks.keycloak;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.load.ServerProcess;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.service.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Keycloak, from an unpacked {@code keycloak-quarkus-dist}, as its {@code bin/kc.sh start} runs it in production mode,
 * with its own JVM flags (those of kc.sh: G1, a heap of 64 to 512 MiB), on the JDK that runs the benchmark and the
 * service, on a database of its own on the benchmark's PostgreSQL server, and on loopback only:
 * <ul>
 *   <li>plain HTTP on 127.0.0.1 and a free port, no hostname checks (there is no proxy and no TLS here);</li>
 *   <li>{@code --cache=local}: no cluster. The default, {@code ispn}, makes a JGroups cluster whose transport binds to
 *       a site-local address and looks for other nodes; one node needs neither, and sessions are kept in the database
 *       either way (persistent user sessions, on by default since Keycloak 26);</li>
 *   <li>health, metrics, tracing and telemetry export left off (their defaults), so no management port is opened and
 *       nothing is exported anywhere; Keycloak has no update check;</li>
 *   <li>concurrent logins of one user allowed. With brute-force detection on ({@link KeycloakRealm}), Keycloak by
 *       default refuses a login of a user while another of the same user is under way, and counts that against the
 *       user: the benchmark's clients, all logging in as one user, locked it out within a second (2026-11-26). The
 *       service, too, counts failed logins and lets concurrent right ones through.</li>
 * </ul>
 * The environment is the benchmark's without Keycloak's and kc.sh's own variables ({@code KC_*}, {@code JAVA_OPTS*}),
 * so that nothing set outside changes what is measured. The first start on a fresh unpack builds Keycloak for
 * PostgreSQL, which takes minutes; later starts find that build.
 */
public final class KeycloakProcess implements ServerProcess, AutoCloseable {

    static final String ADMIN_USERNAME = "bench-admin";
    /** The first start builds, creates its schema and the master realm: 4.5 minutes on two busy cores (2026-11-26). */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(15);
    /** kc.sh's variables that would change the JVM's flags, and those that would change Keycloak's settings. */
    private static final List<String> OWN_VARIABLES = List.of("JAVA", "JAVA_OPTS", "JAVA_OPTS_KC_HEAP",
            "JAVA_OPTS_APPEND", "JAVA_ADD_OPENS", "JAVA_LOCALE", "KC_RUN_IN_CONTAINER", "DEBUG", "DEBUG_PORT",
            "DEBUG_SUSPEND", "PRINT_ENV");

    private final Process script;
    private final ProcessHandle java;
    private final Path workingDirectory;
    private final int port;
    private final String adminPassword;
    private final long startupNanos;
    private final Thread cleanup;

    private KeycloakProcess(Process script, ProcessHandle java, Path workingDirectory, int port, String adminPassword,
                            long startupNanos, Thread cleanup) {
        this.script = script;
        this.java = java;
        this.workingDirectory = workingDirectory;
        this.port = port;
        this.adminPassword = adminPassword;
        this.startupNanos = startupNanos;
        this.cleanup = cleanup;
    }

    /** The arguments of {@code kc.sh}: the settings above, on {@code port} and the database at {@code jdbcUrl}. */
    static List<String> arguments(int port, String jdbcUrl, String databaseUser) {
        return List.of("start", "--http-enabled=true", "--http-host=127.0.0.1", "--http-port=" + port,
                "--hostname-strict=false", "--cache=local", "--db=postgres", "--db-url=" + jdbcUrl,
                "--db-username=" + databaseUser, "--health-enabled=false", "--metrics-enabled=false",
                "--tracing-enabled=false",
                "--spi-brute-force-protector--default-brute-force-detector--allow-concurrent-requests=true");
    }

    /**
     * Starts Keycloak of the distribution in {@code home} with the {@code java} of {@code javaHome} on
     * {@code database}, with a temporary administrator whose password is made here and never printed, and returns once
     * its master realm answers.
     */
    public static KeycloakProcess start(Path home, Path javaHome, Postgres database)
            throws IOException, InterruptedException {
        Path workingDirectory = Files.createTempDirectory("keycloak-benchmark-");
        int port = ServiceProcess.freePort();
        byte[] secret = new byte[24];
        new SecureRandom().nextBytes(secret);
        String adminPassword = HexFormat.of().formatHex(secret);
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/kc.sh").toAbsolutePath().toString());
        command.addAll(arguments(port, database.jdbcUrl(), database.user()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(workingDirectory.resolve("keycloak.log").toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("KC_") || OWN_VARIABLES.contains(name));
        environment.put("JAVA_HOME", javaHome.toString());
        environment.put("KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN_USERNAME);
        environment.put("KC_BOOTSTRAP_ADMIN_PASSWORD", adminPassword);
        Optional.ofNullable(System.getenv("DATASOURCES_DEFAULT_PASSWORD")).filter(password -> !password.isEmpty())
                .ifPresent(password -> environment.put("KC_DB_PASSWORD", password));

        long started = System.nanoTime();
        Process script = builder.start();
        Thread cleanup = new Thread(() -> stop(script), "stop-keycloak");
        Runtime.getRuntime().addShutdownHook(cleanup);

        HttpConnection probe = new HttpConnection("127.0.0.1", port);
        byte[] request = HttpConnection.request("GET", "/realms/master", "127.0.0.1:" + port, null);
        long deadline = started + START_TIMEOUT.toNanos();
        String lastAnswer = "none";
        while (System.nanoTime() < deadline) {
            if (!script.isAlive()) {
                throw new IOException("Keycloak exited with " + script.exitValue() + ":\n"
                        + ServiceProcess.tail(workingDirectory.resolve("keycloak.log")));
            }
            try {
                HttpConnection.Response answer = probe.exchange(request);
                if (answer.status() == 200) {
                    long startup = System.nanoTime() - started;
                    probe.close();
                    return new KeycloakProcess(script, javaOf(script), workingDirectory, port, adminPassword,
                            startup, cleanup);
                }
                lastAnswer = answer.status() + " " + answer.bodyText();
            } catch (IOException notYet) {
                lastAnswer = notYet.toString();
            }
            Thread.sleep(200);
        }
        stop(script);
        throw new IOException("Keycloak did not answer /realms/master on port " + port + " within " + START_TIMEOUT
                + " (its last answer: " + lastAnswer + "):\n"
                + ServiceProcess.tail(workingDirectory.resolve("keycloak.log")));
    }

    /**
     * The JVM that serves: kc.sh starts {@code java} as its child, or, when Keycloak had to build itself first, runs it
     * again in its own place ({@code exec}).
     */
    private static ProcessHandle javaOf(Process script) throws IOException {
        if (isJava(script.toHandle())) {
            return script.toHandle();
        }
        return script.toHandle().descendants().filter(KeycloakProcess::isJava).findFirst()
                .orElseThrow(() -> new IOException("no java process under kc.sh (pid " + script.pid() + ")"));
    }

    private static boolean isJava(ProcessHandle process) {
        return process.info().command().map(command -> command.endsWith("/java")).orElse(false);
    }

    /** The version of the distribution in {@code home}, from its version.txt ("Keycloak - Version 26.7.3"). */
    public static String version(Path home) {
        try {
            String text = Files.readString(home.resolve("version.txt")).trim();
            return text.substring(text.lastIndexOf(' ') + 1);
        } catch (IOException | RuntimeException unreadable) {
            return "(unknown version)";
        }
    }

    /** The serving JVM's {@code java} and the flags that size its memory and choose its collector. */
    public String jvm() {
        List<String> flags = java.info().arguments().map(List::of).orElse(List.of()).stream()
                .filter(argument -> argument.startsWith("-Xm") || argument.startsWith("-XX:")).toList();
        return java.info().command().orElse("java") + " " + String.join(" ", flags);
    }

    public int port() {
        return port;
    }

    /** The temporary administrator's password, for the admin REST API on loopback. */
    String adminPassword() {
        return adminPassword;
    }

    public double startupMillis() {
        return startupNanos / 1e6;
    }

    @Override
    public long pid() {
        return java.pid();
    }

    @Override
    public boolean isAlive() {
        return java.isAlive();
    }

    @Override
    public String log() {
        return ServiceProcess.tail(workingDirectory.resolve("keycloak.log"));
    }

    /** Stops Keycloak (SIGTERM to its JVM, which then shuts down cleanly, and to kc.sh) and removes its directory. */
    @Override
    public void close() throws IOException {
        stop(script);
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        ServiceProcess.delete(workingDirectory);
    }

    /** kc.sh passes SIGTERM on to its JVM only once it knows its pid; the JVM is told first, then the script. */
    private static void stop(Process script) {
        List<ProcessHandle> javas = script.toHandle().descendants().filter(KeycloakProcess::isJava).toList();
        javas.forEach(ProcessHandle::destroy);
        script.destroy();
        try {
            for (ProcessHandle each : javas) {
                each.onExit().get(60, TimeUnit.SECONDS);
            }
            if (!script.waitFor(60, TimeUnit.SECONDS)) {
                script.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            javas.forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException stuck) {
            javas.forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
        }
    }
}
