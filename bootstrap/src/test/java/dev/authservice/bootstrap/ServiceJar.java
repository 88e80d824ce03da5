package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The packaged jar, started as a user would start it: {@code java -jar} in a working directory of the test's (so H2
 * keeps its files in ./data there), on free ports. Nothing of the test's own environment leaks into it: no
 * environment is named, no secret or database is set, unless the test says so. One process at a time; for the
 * integration-test phase, after the jar is packaged. As a JUnit extension
 * ({@code @RegisterExtension final ServiceJar service = new ServiceJar();}) each test gets a fresh working directory,
 * and the process is stopped and the directory removed after it.
 *
 * <p>{@code java -jar} runs with two options that shorten each start and change nothing the jar does: the client
 * compiler alone, and a class archive of the jar made once per test JVM by a first start ({@link #startOptions}).
 * The launcher's starts keep the launcher's own options.
 */
public final class ServiceJar implements AutoCloseable, BeforeEachCallback, AfterEachCallback {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String CLIENT_COMPILER_ONLY = "-XX:TieredStopAtLevel=1";

    private static List<String> startOptions; // guarded by ServiceJar.class

    private final OptionalInt fileDescriptorLimit;
    private final boolean onPostgres;
    private final boolean throughTheLauncher;
    private ExtensionContext test;
    private JarDatabase database;
    private Path workingDirectory;
    private Process process;
    private int port;
    private int managementPort;

    ServiceJar() {
        this(OptionalInt.empty(), false, false);
    }

    private final List<String> javaOptions;

    private ServiceJar(OptionalInt fileDescriptorLimit, boolean onPostgres, boolean throughTheLauncher) {
        this(fileDescriptorLimit, onPostgres, throughTheLauncher, null);
    }

    /** @param javaOptions the options of {@code java -jar}; {@code null}: {@link #startOptions} */
    private ServiceJar(OptionalInt fileDescriptorLimit, boolean onPostgres, boolean throughTheLauncher,
                       List<String> javaOptions) {
        this.fileDescriptorLimit = fileDescriptorLimit;
        this.onPostgres = onPostgres;
        this.throughTheLauncher = throughTheLauncher;
        this.javaOptions = javaOptions;
    }

    /** The jar started under {@code ulimit -n limit}, as a machine or container with few file descriptors runs it. */
    public static ServiceJar withFileDescriptorLimit(int limit) {
        return new ServiceJar(OptionalInt.of(limit), false, false);
    }

    /**
     * The jar on a fresh PostgreSQL database of the test's ({@link JarDatabase}), made at its first start and dropped
     * after the test; the test is skipped without a server, or fails under {@code CI=true}.
     */
    static ServiceJar onPostgres() {
        return new ServiceJar(OptionalInt.empty(), true, false);
    }

    /**
     * The jar started by the launcher beside it ({@code target/auth-service}) with this JVM's java, its class cache
     * kept in the test's working directory.
     */
    static ServiceJar throughTheLauncher() {
        return new ServiceJar(OptionalInt.empty(), false, true);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        test = context;
        workingDirectory = Files.createTempDirectory("auth-service-jar-");
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException, InterruptedException {
        close();
        if (database != null) {
            database.close();
            database = null;
        }
        try (Stream<Path> files = Files.walk(workingDirectory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    /** What points another jar at the PostgreSQL database this one started on, so that both share it. */
    Map<String, String> databaseEnvironment() {
        assertTrue(database != null, "start the jar on PostgreSQL first");
        return database.environment();
    }

    /** The test's working directory of the jar: H2's ./data, key files the test writes. */
    Path directory() {
        return workingDirectory;
    }

    /** Starts the jar with {@code environment} and returns once {@code /health} answers 200. */
    public Http start(Map<String, String> environment) throws IOException, InterruptedException {
        port = freePort();
        managementPort = freePort();
        return startOnItsPorts(environment);
    }

    /** Starts the jar again on the ports of its last start, where a load balancer in front of it looks for it. */
    Http startAgain(Map<String, String> environment) throws IOException, InterruptedException {
        return startOnItsPorts(environment);
    }

    private Http startOnItsPorts(Map<String, String> environment) throws IOException, InterruptedException {
        process = javaJar(environment)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(workingDirectory.resolve("service.log").toFile()))
                .start();
        Http http = new Http(URI.create("http://127.0.0.1:" + port));
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new AssertionError("the service exited: " + log());
            }
            try {
                if (http.get("/health").status() == 200) {
                    return http;
                }
            } catch (UncheckedIOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the service did not answer /health within " + START_TIMEOUT + ": " + log());
    }

    /** Starts the jar with {@code environment}, expects it to refuse (exit code 2, no stack trace); returns its output. */
    public String refusedStart(Map<String, String> environment) throws IOException, InterruptedException {
        return exited(environment, 2);
    }

    /** Runs a command of the jar ({@code java -jar auth-service.jar <arguments>}), expects exit code 0; its output. */
    String run(Map<String, String> environment, String... arguments) throws IOException, InterruptedException {
        return exited(environment, 0, arguments);
    }

    private String exited(Map<String, String> environment, int exitCode, String... arguments)
            throws IOException, InterruptedException {
        port = freePort();
        managementPort = freePort();
        Path output = workingDirectory.resolve("exited.log");
        Process process = javaJar(environment, arguments).redirectOutput(output.toFile()).start();
        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        String printed = Files.readString(output);

        assertTrue(exited, "it did not exit: " + printed);
        assertEquals(exitCode, process.exitValue(), printed);
        assertTrue(!printed.contains("\tat "), "no stack trace: " + printed);
        return printed;
    }

    /** The port of the API, the one {@link #start} answered on. */
    public int port() {
        return port;
    }

    /** The port of the metrics and the probes (auth.management.port). */
    public int managementPort() {
        return managementPort;
    }

    /** Everything the service wrote, over every start in this working directory. */
    public String log() throws IOException {
        Path log = workingDirectory.resolve("service.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /** The command line of the running process: the JVM's, also when the launcher started it. */
    List<String> commandLine() {
        return List.of(process.info().arguments().orElseThrow(() -> new AssertionError("no arguments of " + process)));
    }

    /** SIGKILL: the process gets no chance to write anything more. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
        process = null;
    }

    /** SIGTERM, as an operator stops it, and wait until it has shut down. */
    @Override
    public void close() throws InterruptedException {
        if (process != null) {
            process.destroy();
            process.waitFor();
            process = null;
        }
    }

    /**
     * The client compiler and a dynamic class archive (CDS) of the jar, written when a first start, which logs in,
     * reads and refreshes, stops: about 1.5 s to the first answer instead of 3.5 s. Without the archive (a JVM that cannot write
     * one) the client compiler alone.
     */
    private static synchronized List<String> startOptions() throws IOException, InterruptedException {
        if (startOptions == null) {
            Path archive = Files.createTempFile("auth-service-classes-", ".jsa");
            archive.toFile().deleteOnExit();
            Files.delete(archive);
            ServiceJar first = new ServiceJar(OptionalInt.empty(), false, false,
                    List.of(CLIENT_COMPILER_ONLY, "-XX:ArchiveClassesAtExit=" + archive));
            first.workingDirectory = Files.createTempDirectory("auth-service-jar-");
            try {
                Http http = first.start(Map.of());
                Http.Answer login = http.logIn("alice", "alice-password");
                http.get("/api/user/profile", "Authorization", "Bearer " + login.accessToken());
                http.refresh(login.refreshToken());
            } finally {
                first.afterEach(null);
            }
            startOptions = Files.isRegularFile(archive)
                    ? List.of(CLIENT_COMPILER_ONLY, "-XX:SharedArchiveFile=" + archive)
                    : List.of(CLIENT_COMPILER_ONLY);
        }
        return startOptions;
    }

    private ProcessBuilder javaJar(Map<String, String> environment, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        fileDescriptorLimit.ifPresent(limit -> command.addAll(
                List.of("bash", "-c", "ulimit -n \"$1\" && shift && exec \"$@\"", "ulimit", String.valueOf(limit))));
        if (throughTheLauncher) {
            Path launcher = jar().resolveSibling("auth-service");
            assertTrue(Files.isExecutable(launcher), "build the launcher first: " + launcher);
            command.add(launcher.toString());
        } else {
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(javaOptions != null ? javaOptions : startOptions());
            command.addAll(List.of("-jar", jar().toString()));
        }
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true);
        Map<String, String> variables = builder.environment();
        variables.keySet().removeIf(name -> name.startsWith("MICRONAUT_") || name.startsWith("AUTH_")
                || name.startsWith("DATASOURCES_"));
        if (throughTheLauncher) {
            variables.keySet().removeIf(name -> name.startsWith("JAVA_") || name.startsWith("MALLOC_"));
            variables.put("JAVA_HOME", System.getProperty("java.home"));
            variables.put("AUTH_SERVICE_CACHE_DIR", workingDirectory.toString());
        }
        variables.put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        variables.put("AUTH_MANAGEMENT_PORT", Integer.toString(managementPort));
        if (onPostgres) {
            if (database == null) {
                database = JarDatabase.create(test);
            }
            variables.putAll(database.environment());
        }
        variables.putAll(environment);
        return builder;
    }

    private static Path jar() {
        Path jar = Path.of(System.getProperty("auth.jar", "target/auth-service.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "build the jar first: " + jar);
        return jar;
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
