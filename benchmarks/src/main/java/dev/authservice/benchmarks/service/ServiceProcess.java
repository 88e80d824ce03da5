package dev.authservice.benchmarks.service;

import dev.authservice.benchmarks.load.HttpConnection;
import dev.authservice.benchmarks.load.ServerProcess;
import dev.authservice.benchmarks.rounds.Rounds;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real service: {@code java -jar auth-service.jar} as a child process, in a fresh temporary working directory (so
 * H2 starts empty and seeds the demo users), in {@code dev}, on a free port, with a fixed signing secret. Given a database URL, it runs
 * on that database instead (the user name and password are inherited from {@code DATASOURCES_DEFAULT_USERNAME} and
 * {@code _PASSWORD}). It gets {@link RecommendedFlags#ENVIRONMENT} unless the benchmark's own environment sets
 * those variables.
 */
public final class ServiceProcess implements ServerProcess, AutoCloseable {

    static final String JWT_SECRET = "7JiTuM5v2Axn0lw55VfnnrTzbGuIQ7XXl/fM7cFQrRg=";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final Path workingDirectory;
    private final int port;
    private final long startupNanos;
    private final Thread cleanup;

    private ServiceProcess(Process process, Path workingDirectory, int port, long startupNanos, Thread cleanup) {
        this.process = process;
        this.workingDirectory = workingDirectory;
        this.port = port;
        this.startupNanos = startupNanos;
        this.cleanup = cleanup;
    }

    /**
     * The median startup time of {@code count} starts one after another, each on a fresh H2 and stopped at once; the
     * times are printed with {@code what}.
     */
    public static double medianStartupMillis(Path javaHome, Path jar, List<String> jvmOptions, int count, String what,
                                             PrintStream progress) throws IOException, InterruptedException {
        List<Double> starts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            try (ServiceProcess service = start(javaHome, jar, jvmOptions, Optional.empty())) {
                starts.add(service.startupMillis());
            }
        }
        progress.println("  " + what + ", ms: " + starts.stream().map(ms -> Long.toString(Math.round(ms))).toList());
        return Rounds.median(starts);
    }

    /**
     * Starts the jar with the {@code java} of {@code javaHome} and returns once {@code /health} has answered 200; the
     * time until then is the startup time. Without {@code databaseUrl}, on a fresh H2.
     */
    public static ServiceProcess start(Path javaHome, Path jar, List<String> jvmOptions, Optional<String> databaseUrl)
            throws IOException, InterruptedException {
        return start(javaHome, jar, jvmOptions, databaseUrl, Map.of());
    }

    /**
     * {@link #start(Path, Path, List, Optional)} with {@code settings} added to its environment; its
     * {@code MICRONAUT_SERVER_PORT}, if set, is the port.
     */
    public static ServiceProcess start(Path javaHome, Path jar, List<String> jvmOptions, Optional<String> databaseUrl,
                                       Map<String, String> settings) throws IOException, InterruptedException {
        Path workingDirectory = Files.createTempDirectory("auth-service-benchmark-");
        // Chosen by the caller when something outside must know it first, as a provider its redirect URI.
        String chosen = settings.get("MICRONAUT_SERVER_PORT");
        int port = chosen != null ? Integer.parseInt(chosen) : freePort();
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin/java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar.toAbsolutePath().toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(workingDirectory.resolve("service.log").toFile());
        Map<String, String> environment = builder.environment();
        environment.put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        // The metrics port too, so that a benchmark and any other instance on this machine do not collide on it.
        environment.put("AUTH_MANAGEMENT_PORT", Integer.toString(freePort()));
        environment.put("AUTH_JWT_SECRET", JWT_SECRET);
        // The development environment, named: it seeds the demo users the benchmark logs in as. Unnamed, the service
        // would refuse the secret and the database above as signs of a deployment (docs/security.md).
        environment.put("MICRONAUT_ENVIRONMENTS", "dev");
        RecommendedFlags.ENVIRONMENT.forEach(environment::putIfAbsent);
        environment.putAll(settings);
        if (databaseUrl.isPresent()) {
            environment.put("DATASOURCES_DEFAULT_URL", databaseUrl.get());
        } else {
            environment.remove("DATASOURCES_DEFAULT_URL");
            environment.remove("DATASOURCES_DEFAULT_USERNAME");
            environment.remove("DATASOURCES_DEFAULT_PASSWORD");
        }

        long started = System.nanoTime();
        Process process = builder.start();
        Thread cleanup = new Thread(() -> destroy(process), "stop-auth-service");
        Runtime.getRuntime().addShutdownHook(cleanup);

        HttpConnection health = new HttpConnection("127.0.0.1", port);
        byte[] request = HttpConnection.request("GET", "/health", "127.0.0.1:" + port, null);
        long deadline = started + START_TIMEOUT.toNanos();
        String lastAnswer = "none";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("the service exited with " + process.exitValue() + ":\n"
                        + tail(workingDirectory.resolve("service.log")));
            }
            try {
                HttpConnection.Response answer = health.exchange(request);
                if (answer.status() == 200) {
                    long startup = System.nanoTime() - started;
                    health.close();
                    return new ServiceProcess(process, workingDirectory, port, startup, cleanup);
                }
                lastAnswer = answer.status() + " " + answer.bodyText();
            } catch (IOException notYet) {
                // not listening yet, as a rule
                lastAnswer = notYet.toString();
            }
            Thread.sleep(5);
        }
        // A start that hangs is a finding in itself: keep where each thread stood before the process goes.
        String threads = threadDump(javaHome, process.pid(), workingDirectory);
        destroy(process);
        throw new IOException("the service did not answer /health on port " + port + " within " + START_TIMEOUT
                + " (its last answer: " + lastAnswer + "):\n"
                + tail(workingDirectory.resolve("service.log")) + "\nits threads then:\n" + threads);
    }

    /** {@code jcmd <pid> Thread.print} with the service's own JDK, into its working directory; or why there is none. */
    private static String threadDump(Path javaHome, long pid, Path workingDirectory) {
        Path dump = workingDirectory.resolve("threads.txt");
        try {
            Process jcmd = new ProcessBuilder(javaHome.resolve("bin/jcmd").toString(), Long.toString(pid),
                    "Thread.print").redirectErrorStream(true).redirectOutput(dump.toFile()).start();
            if (!jcmd.waitFor(30, TimeUnit.SECONDS)) {
                jcmd.destroyForcibly();
                return "(jcmd did not finish within 30 s)";
            }
            return Files.readString(dump, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    public int port() {
        return port;
    }

    /** Its working directory: {@code ./data} (H2, development keys) is in it. */
    public Path directory() {
        return workingDirectory;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    public double startupMillis() {
        return startupNanos / 1e6;
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The end of the service's log, without its audit lines (JSON objects), which would crowd out the rest. */
    @Override
    public String log() {
        return tail(workingDirectory.resolve("service.log"));
    }

    /** Stops the service (SIGTERM, so that it shuts down cleanly: a training run writes its AOT cache then). */
    @Override
    public void close() throws IOException {
        destroy(process);
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        delete(workingDirectory);
    }

    /** Deletes {@code directory} and everything in it. */
    public static void delete(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    private static void destroy(Process process) {
        process.destroy();
        try {
            // A training run writes its AOT cache on the way out, which takes a few seconds.
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The last 80 lines of {@code log} without the audit lines (JSON objects), or why there are none. */
    public static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(line -> !line.startsWith("{")).toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
        } catch (IOException | RuntimeException unreadable) {
            return "(no log: " + unreadable + ")";
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
