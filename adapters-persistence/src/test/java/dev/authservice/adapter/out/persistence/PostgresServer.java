package dev.authservice.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The PostgreSQL server the tests make their databases on, found once per test run:
 * <ol>
 *   <li>the one named by {@code AUTH_TEST_PG_URL} (with {@code AUTH_TEST_PG_USER}, {@code AUTH_TEST_PG_PASSWORD}),</li>
 *   <li>else a Testcontainers PostgreSQL 15 when Docker is available,</li>
 *   <li>else the local server: {@code jdbc:postgresql://127.0.0.1:5432/test}, user {@code postgres}, no password.</li>
 * </ol>
 * If it does not answer, the PostgreSQL tests fail when {@code CI=true} (CI must not pass without them) and are
 * skipped otherwise, each one ({@link TestDatabase} disables them).
 */
final class PostgresServer {

    private static final String DEFAULT_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private static final Pattern URL_DATABASE = Pattern.compile("(jdbc:postgresql://[^/]+/)([^?]*)(.*)");

    private static PostgresServer found;
    private static String notFound;

    private final JdbcTarget admin;

    private PostgresServer(JdbcTarget admin) {
        this.admin = admin;
    }

    /**
     * Why the PostgreSQL tests are to be skipped: no server answers, outside CI. Under {@code CI=true} they never
     * are, and {@link #get} fails them instead.
     */
    static synchronized Optional<String> whySkipped() {
        find();
        return "true".equals(System.getenv("CI")) ? Optional.empty() : Optional.ofNullable(notFound);
    }

    /** Why no server answers, if none does. */
    static synchronized Optional<String> notFound() {
        find();
        return Optional.ofNullable(notFound);
    }

    /** Called only when {@link #whySkipped} is empty: so with no server it fails the tests, under CI. */
    static synchronized PostgresServer get() {
        find();
        if (notFound != null) {
            throw new IllegalStateException(notFound);
        }
        return found;
    }

    private static void find() {
        if (found != null || notFound != null) {
            return;
        }
        boolean configured = System.getenv("AUTH_TEST_PG_URL") != null;
        JdbcTarget candidate = configured || !DockerClientFactory.instance().isDockerAvailable()
                ? configuredOrLocal()
                : startContainer();
        Optional<String> failure = connectionFailure(candidate);
        if (failure.isEmpty()) {
            found = new PostgresServer(candidate);
        } else {
            notFound = "No PostgreSQL for the tests: " + failure.get()
                    + (configured ? "" : ", and Docker is not available for Testcontainers")
                    + ". Start PostgreSQL, or point AUTH_TEST_PG_URL, AUTH_TEST_PG_USER and"
                    + " AUTH_TEST_PG_PASSWORD at a server whose user may create databases.";
        }
    }

    /** A connection to the server's administration database, which the test databases are created from. */
    JdbcTarget admin() {
        return admin;
    }

    String urlOf(String database) {
        Matcher url = URL_DATABASE.matcher(admin.url());
        if (!url.matches()) {
            throw new IllegalStateException("not a PostgreSQL JDBC URL: " + admin.url());
        }
        return url.group(1) + database + url.group(3);
    }

    private static JdbcTarget startContainer() {
        PostgreSQLContainer<?> container = new PostgreSQLContainer<>("postgres:15-alpine");
        container.start(); // stopped by Testcontainers when the test run ends
        return new Server(container.getJdbcUrl(), container.getUsername(), container.getPassword());
    }

    private static JdbcTarget configuredOrLocal() {
        return new Server(envOr("AUTH_TEST_PG_URL", DEFAULT_URL), envOr("AUTH_TEST_PG_USER", "postgres"),
                envOr("AUTH_TEST_PG_PASSWORD", ""));
    }

    private static Optional<String> connectionFailure(JdbcTarget server) {
        try (Connection ignored = server.connect()) {
            return Optional.empty();
        } catch (SQLException e) {
            return Optional.of("cannot connect to " + server.url() + " as " + server.username() + " ("
                    + e.getMessage() + ")");
        }
    }

    private static String envOr(String name, String fallback) {
        return Optional.ofNullable(System.getenv(name)).orElse(fallback);
    }

    private record Server(String url, String username, String password) implements JdbcTarget {
    }
}
