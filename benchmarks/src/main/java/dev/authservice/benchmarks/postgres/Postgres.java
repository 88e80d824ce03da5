package dev.authservice.benchmarks.postgres;

import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.service.DemoUser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;

/**
 * The PostgreSQL server that {@code DATASOURCES_DEFAULT_URL} names, driven through its own command-line clients
 * ({@code psql}, {@code pgbench}): a fresh database per run, the statistics that count what a rotation writes, and
 * pgbench running a rotation's statements straight at it. JDBC connections are only for {@link JdbcRotations}.
 */
public final class Postgres implements AutoCloseable {

    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^:/?]+)(?::(\\d+))?/([^?]*)(\\?.*)?");
    private static final Pattern TPS = Pattern.compile("(?m)^tps = ([0-9.]+) \\(without initial connection time\\)");
    private static final Pattern TRANSACTIONS = Pattern.compile("(?m)^number of transactions actually processed: (\\d+)");

    /** One pgbench run: its rate, its transactions, and the whole machine's busy CPU meanwhile (-1 if unreadable). */
    public record Pgbench(double perSecond, long transactions, long machineBusyNanos) {
    }

    /** Rows written and commits, from the database's own statistics. */
    public record Counters(long commits, long rollbacks, long inserted, long updated, long deleted) {

        public long rowsWritten() {
            return inserted + updated + deleted;
        }

        Counters plus(Counters other) {
            return new Counters(commits + other.commits, rollbacks + other.rollbacks, inserted + other.inserted,
                    updated + other.updated, deleted + other.deleted);
        }

        public Counters minus(Counters before) {
            return new Counters(commits - before.commits, rollbacks - before.rollbacks, inserted - before.inserted,
                    updated - before.updated, deleted - before.deleted);
        }
    }

    private final String host;
    private final String port;
    private final String user;
    private final String database;
    private final String parameters;

    private Postgres(String host, String port, String user, String database, String parameters) {
        this.host = host;
        this.port = port;
        this.user = user;
        this.database = database;
        this.parameters = parameters;
    }

    /** The server of {@code DATASOURCES_DEFAULT_URL}, if that is set; empty for H2. */
    public static Optional<String> serverUrl() {
        String url = System.getenv("DATASOURCES_DEFAULT_URL");
        return url == null || url.isBlank() ? Optional.empty() : Optional.of(url);
    }

    /** Creates {@code auth_bench_<local time>} on the server of {@code serverUrl}; {@link #close} drops it. */
    public static Postgres createDatabase(String serverUrl) throws IOException, InterruptedException {
        Matcher url = URL.matcher(serverUrl);
        if (!url.matches()) {
            throw new IOException("not a jdbc:postgresql://host[:port]/database URL: " + serverUrl);
        }
        String user = Optional.ofNullable(System.getenv("DATASOURCES_DEFAULT_USERNAME")).orElse("postgres");
        String name = "auth_bench_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss_SSS"));
        Postgres server = new Postgres(url.group(1), Optional.ofNullable(url.group(2)).orElse("5432"), user,
                url.group(3).isEmpty() ? "postgres" : url.group(3), Optional.ofNullable(url.group(4)).orElse(""));
        server.psql(server.database, "CREATE DATABASE " + name);
        return new Postgres(server.host, server.port, user, name, server.parameters);
    }

    /** The JDBC URL of this database, for the service. */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database + parameters;
    }

    public String name() {
        return database;
    }

    /** The user the benchmark connects as, and so the service and Keycloak. */
    public String user() {
        return user;
    }

    /** The rows of {@code sql} on this database, one a line, columns separated by {@code |}. */
    public String select(String sql) throws IOException, InterruptedException {
        return psql(database, sql).trim();
    }

    /**
     * Transactions committed and rolled back ({@code pg_stat_database}) and rows inserted, updated and deleted
     * ({@code pg_stat_user_tables}) so far, as published: a backend publishes its counts when it exits, or once idle,
     * but a busy one at most every second, and one that found the statistics locked only after 10 s more. Its own
     * query adds one commit.
     */
    public Counters counters() throws IOException, InterruptedException {
        String[] row = psql(database, "SELECT d.xact_commit, d.xact_rollback, t.ins, t.upd, t.del"
                + " FROM pg_stat_database d, (SELECT sum(n_tup_ins) ins, sum(n_tup_upd) upd, sum(n_tup_del) del"
                + " FROM pg_stat_user_tables) t WHERE d.datname = current_database()").trim().split("\\|");
        return new Counters(Long.parseLong(row[0]), Long.parseLong(row[1]), Long.parseLong(row[2]),
                Long.parseLong(row[3]), Long.parseLong(row[4]));
    }

    /**
     * The database's own ceiling for rotations: pgbench, {@code clients} connections for {@code seconds}, each
     * following its own chain of refresh tokens of alice's with exactly the statements of one refresh in the service
     * ({@link RotationScript}), in one transaction.
     */
    public Pgbench rotations(int clients, double seconds) throws IOException, InterruptedException {
        long ttlSeconds = seedChains(clients);
        Path script = Files.createTempFile("refresh-rotation-", ".sql");
        Files.writeString(script, RotationScript.pgbench());
        List<String> command = List.of("pgbench", "-h", host, "-p", port, "-U", user, "-n", "-M", "prepared",
                "-c", Integer.toString(clients), "-j", Integer.toString(Runtime.getRuntime().availableProcessors()),
                "-T", Long.toString(Math.max(1, Math.round(seconds))), "-D", "n=0", "-D", "ttl_seconds=" + ttlSeconds,
                "-f", script.toString(), database);
        String output;
        long busy = Machine.machineBusyNanos();
        try {
            output = run(command, null);
        } finally {
            busy = busy < 0 ? -1 : Machine.machineBusyNanos() - busy;
            Files.deleteIfExists(script);
        }
        Matcher tps = TPS.matcher(output);
        Matcher transactions = TRANSACTIONS.matcher(output);
        if (!tps.find() || !transactions.find()) {
            throw new IOException("no tps in the output of " + String.join(" ", command) + ":\n" + output);
        }
        return new Pgbench(Double.parseDouble(tps.group(1)), Long.parseLong(transactions.group(1)), busy);
    }

    /**
     * Starts every chain of the rotation script afresh: a seeded session per client, and its first token, which the
     * script's counter n (0 at the start of each run) finds. Returns the refresh tokens' lifetime, in seconds: the one
     * the service gave the tokens it issued so far (it has logged users in by now), which the chains' tokens get too.
     */
    long seedChains(int clients) throws IOException, InterruptedException {
        String ttl = psql(database, "SELECT CAST(extract(epoch FROM max(expires_at - issued_at)) AS bigint)"
                + " FROM refresh_tokens").trim();
        if (ttl.isEmpty()) {
            throw new IllegalStateException("the service has issued no refresh token yet: no lifetime to copy");
        }
        psql(database, """
                DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE user_agent = 'pgbench');
                DELETE FROM sessions WHERE user_agent = 'pgbench';
                INSERT INTO sessions (id, user_id, created_at, ends_at, last_used_at, client_address, user_agent, amr,
                    authenticated_at)
                  SELECT md5('pgbench ' || c)::uuid, u.id, now(), now() + make_interval(secs => %3$s), now(),
                    '127.0.0.1', 'pgbench', 'pwd', now()
                  FROM users u, generate_series(0, %1$d - 1) c WHERE u.username = '%2$s';
                INSERT INTO refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, status)
                  SELECT lpad(c || '.0', 64, '0'), md5('pgbench ' || c)::uuid, u.id, now(),
                    now() + make_interval(secs => %3$s), 'ACTIVE'
                  FROM users u, generate_series(0, %1$d - 1) c WHERE u.username = '%2$s';
                """.formatted(clients, DemoUser.USERNAME, ttl));
        vacuumAnalyze();
        return Long.parseLong(ttl);
    }

    /**
     * What autovacuum would have done by now: the dead rows of the rotations so far gone, and the planner's statistics
     * taken. Autovacuum may be off on the server, as on this project's machines, where a database that is never
     * vacuumed makes each rotation dearer than the one before.
     */
    public void vacuumAnalyze() throws IOException, InterruptedException {
        psql(database, "VACUUM ANALYZE;");
    }

    /** A connection to this database through the service's driver, pgjdbc, with its defaults. */
    Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        String password = System.getenv("DATASOURCES_DEFAULT_PASSWORD");
        if (password != null && !password.isEmpty()) {
            properties.setProperty("password", password);
        }
        return new Driver().connect(jdbcUrl(), properties);
    }

    /** Drops the database of this run; connections still open (the service's, if it lingers) are ended first. */
    @Override
    public void close() throws IOException, InterruptedException {
        psql("postgres", "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
    }

    private String psql(String onDatabase, String sql) throws IOException, InterruptedException {
        return run(List.of("psql", "-h", host, "-p", port, "-U", user, "-d", onDatabase, "-X", "-q", "-A", "-t",
                "-v", "ON_ERROR_STOP=1"), sql);
    }

    /** Runs a client with {@code input} on its standard input; its output, or an exception if it failed. */
    private static String run(List<String> command, String input) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
        String password = System.getenv("DATASOURCES_DEFAULT_PASSWORD");
        if (password != null && !password.isEmpty()) {
            builder.environment().put("PGPASSWORD", password);
        }
        Process process = builder.start();
        try (var stdin = process.getOutputStream()) {
            if (input != null) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " failed:\n" + output);
        }
        return output;
    }
}
