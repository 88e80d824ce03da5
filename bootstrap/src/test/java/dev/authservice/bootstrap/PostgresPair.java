package dev.authservice.bootstrap;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A PostgreSQL primary and its synchronous standby on loopback, kept by pg_auto_failover as teams run it in
 * production: a monitor and two nodes, each under its {@code pg_autoctl}, in a temporary directory on free ports. The
 * monitor, not the test, decides when the standby is promoted; its health checks and timeouts are shortened so that it
 * decides within seconds. As a JUnit extension each test gets a new pair, stopped and removed after it even when the
 * test fails.
 * <p>
 * pg_autoctl refuses to run as root: run as root, as CI does, it runs as the {@code postgres} user. Without it, or
 * without PostgreSQL 15, the test is skipped, and with {@code CI=true} it fails ({@code .ci/run} installs it).
 */
final class PostgresPair implements BeforeEachCallback, AfterEachCallback {

    private static final Path POSTGRES_BIN = Path.of("/usr/lib/postgresql/15/bin");
    private static final String DATABASE = "auth";
    private static final Duration SETTING_UP = Duration.ofSeconds(60);
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    private static final Prerequisite PG_AUTOCTL = Prerequisite.of("the database failover test needs pg_autoctl"
            + " and PostgreSQL 15 in " + POSTGRES_BIN + " (Debian: apt-get install postgresql-15-auto-failover)",
            () -> pgAutoctlOnPath() != null && Files.isExecutable(POSTGRES_BIN.resolve("pg_ctl")));

    /**
     * The monitor's timings, in milliseconds: a node is checked every second, and one that has not answered for a
     * second is failed over from, where the defaults take about half a minute. The promoted standby waits for the
     * old primary to demote itself for primary_demote_timeout, which a killed primary never does.
     */
    private static final Map<String, Integer> QUICK_FAILOVER = new TreeMap<>(Map.of(
            "health_check_period", 1000,
            "health_check_timeout", 500,
            "health_check_max_retries", 1,
            "health_check_retry_delay", 200,
            "node_considered_unhealthy_timeout", 1000,
            "primary_demote_timeout", 1000));

    private final List<Process> processes = new ArrayList<>();
    private Path directory;
    private int monitorPort;
    private Node first;
    private Node second;

    /** A node of the pair: its port and its running {@code pg_autoctl}. */
    private record Node(int port, Process pgAutoctl) {
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        PG_AUTOCTL.require(context);
        directory = Files.createTempDirectory("auth-service-failover-");
        if (ROOT) {
            Files.setOwner(directory,
                    FileSystems.getDefault().getUserPrincipalLookupService().lookupPrincipalByName("postgres"));
        }
        int[] ports = freePorts(3);
        monitorPort = ports[0];
        start("monitor", "create", "monitor", "--pgdata", directory.resolve("monitor").toString(),
                "--pgport", String.valueOf(monitorPort));
        Instant deadline = Instant.now().plus(SETTING_UP);
        awaitState(deadline, "SELECT count(*) >= 0 FROM pgautofailover.node");
        try (Connection monitor = connect(monitorPort, "pg_auto_failover");
             Statement statement = monitor.createStatement()) {
            for (Map.Entry<String, Integer> setting : QUICK_FAILOVER.entrySet()) {
                statement.execute("ALTER SYSTEM SET pgautofailover." + setting.getKey() + " = " + setting.getValue());
            }
            statement.execute("SELECT pg_reload_conf()");
        }
        first = startNode("node1", ports[1]);
        awaitState(deadline, "SELECT reportedstate = 'single' FROM pgautofailover.node WHERE nodename = 'node1'");
        second = startNode("node2", ports[2]);
        // pg_basebackup, which makes the standby, waits for a checkpoint that PostgreSQL spreads over minutes: one
        // asked for runs at once.
        awaitState(deadline, "SELECT count(*) FILTER (WHERE nodename = 'node1' AND reportedstate = 'primary'"
                + " OR nodename = 'node2' AND reportedstate = 'secondary') = 2 FROM pgautofailover.node",
                () -> execute(first.port(), "CHECKPOINT"));
    }

    /** The service's URL: both nodes, and whichever of them is the primary now. */
    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + first.port() + ",127.0.0.1:" + second.port() + "/" + DATABASE
                + "?targetServerType=primary";
    }

    /** The database user the service logs in as: the pair trusts connections from loopback. */
    String username() {
        return "postgres";
    }

    /** A connection to the primary, whichever it is now. */
    Connection connectToPrimary() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), username(), "");
    }

    /**
     * SIGKILL to the first node's {@code pg_autoctl} and to PostgreSQL under it, as when its machine dies: nothing
     * restarts it, nothing is flushed or said to a client. pg_autoctl goes first, its supervisor before the services
     * it would start again, so that nothing starts PostgreSQL again; then the backends before the postmaster, whose
     * death they would report to their clients.
     */
    void killPrimary() {
        List<ProcessHandle> tree = first.pgAutoctl().toHandle().descendants().toList();
        Comparator<ProcessHandle> byDepth = Comparator.comparingLong(PostgresPair::depth);
        Stream.concat(tree.stream().filter(PostgresPair::isPgAutoctl).sorted(byDepth),
                tree.stream().filter(process -> !isPgAutoctl(process)).sorted(byDepth.reversed()))
                .forEach(ProcessHandle::destroyForcibly);
    }

    /** What pg_autoctl wrote, for a failure's message. */
    String logs() throws IOException {
        StringBuilder logs = new StringBuilder();
        for (String name : List.of("monitor", "node1", "node2")) {
            Path log = directory.resolve(name + ".log");
            if (Files.exists(log)) {
                logs.append("\n--- ").append(name).append(" ---\n").append(Files.readString(log));
            }
        }
        return logs.toString();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (directory == null) {
            return;
        }
        for (String name : List.of("node2", "node1", "monitor")) {
            Path data = directory.resolve(name);
            if (Files.exists(data)) {
                pgAutoctl("stop", "--pgdata", data.toString(), "--immediate")
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(30, TimeUnit.SECONDS);
            }
        }
        for (Process process : processes) {
            process.waitFor(10, TimeUnit.SECONDS);
        }
        processes.clear();
        // Whatever is left, orphans of the killed node included, is found by its working directory, in the pair's.
        List<ProcessHandle> left = ProcessHandle.allProcesses().filter(this::worksInDirectory).toList();
        left.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : left) {
            process.onExit().get(10, TimeUnit.SECONDS);
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
        directory = null;
    }

    private Node startNode(String name, int port) throws IOException {
        Path data = directory.resolve(name);
        Process pgAutoctl = start(name, "create", "postgres", "--pgdata", data.toString(), "--pgport", String.valueOf(port),
                "--name", name, "--dbname", DATABASE,
                "--monitor", "postgres://autoctl_node@127.0.0.1:" + monitorPort + "/pg_auto_failover?sslmode=disable");
        return new Node(port, pgAutoctl);
    }

    /** {@code pg_autoctl <arguments>} on loopback, trusting it, creating the node and then running it. */
    private Process start(String log, String... arguments) throws IOException {
        List<String> all = new ArrayList<>(List.of(arguments));
        all.addAll(List.of("--hostname", "127.0.0.1", "--auth", "trust", "--no-ssl",
                "--pgctl", POSTGRES_BIN.resolve("pg_ctl").toString(), "--run"));
        Process process = pgAutoctl(all.toArray(String[]::new))
                .redirectOutput(directory.resolve(log + ".log").toFile())
                .start();
        processes.add(process);
        return process;
    }

    /** pg_autoctl keeps its configuration and state under these directories: in the pair's, removed with it. */
    private ProcessBuilder pgAutoctl(String... arguments) {
        List<String> command = new ArrayList<>(ROOT ? List.of("runuser", "-u", "postgres", "--") : List.of());
        command.add(pgAutoctlOnPath().toString());
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true);
        builder.environment().putAll(Map.of(
                "XDG_CONFIG_HOME", directory.resolve("config").toString(),
                "XDG_DATA_HOME", directory.resolve("share").toString(),
                "XDG_RUNTIME_DIR", directory.resolve("run").toString(),
                "PG_CONFIG", POSTGRES_BIN.resolve("pg_config").toString()));
        return builder;
    }

    private static Path pgAutoctlOnPath() {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .map(entry -> Path.of(entry, "pg_autoctl")).filter(Files::isExecutable).findFirst().orElse(null);
    }

    private boolean worksInDirectory(ProcessHandle process) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", String.valueOf(process.pid()), "cwd")).startsWith(directory);
        } catch (IOException | UnsupportedOperationException gone) {
            return false;
        }
    }

    private static long depth(ProcessHandle process) {
        return Stream.iterate(process.parent(), Optional::isPresent, parent -> parent.get().parent()).count();
    }

    private static boolean isPgAutoctl(ProcessHandle process) {
        return process.info().command().map(command -> command.endsWith("pg_autoctl")).orElse(false);
    }

    private void awaitState(Instant deadline, String query) throws Exception {
        awaitState(deadline, query, () -> { });
    }

    /** Waits until the monitor answers true to {@code query}, doing {@code meanwhile} between the questions. */
    private void awaitState(Instant deadline, String query, SqlAction meanwhile) throws Exception {
        SQLException last = null;
        while (Instant.now().isBefore(deadline)) {
            try {
                if (state(query)) {
                    return;
                }
                meanwhile.run();
            } catch (SQLException notYet) {
                last = notYet;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("pg_auto_failover did not reach " + query + " within " + SETTING_UP + ": " + last
                + logs());
    }

    private boolean state(String query) throws SQLException {
        try (Connection monitor = connect(monitorPort, "pg_auto_failover");
             Statement statement = monitor.createStatement();
             ResultSet answer = statement.executeQuery(query)) {
            return answer.next() && answer.getBoolean(1);
        }
    }

    private static void execute(int port, String sql) throws SQLException {
        try (Connection connection = connect(port, DATABASE); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static Connection connect(int port, String database) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, "postgres", "");
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }

    @FunctionalInterface
    private interface SqlAction {
        void run() throws SQLException;
    }
}
