package dev.authservice.adapter.out.persistence;

import java.util.Optional;
import java.util.UUID;

/**
 * A database created on the test server for one test class, so that concurrent test runs never meet. Public, in this
 * module's test jar, for the tests that start the packaged jar on PostgreSQL.
 */
public record PostgresDatabase(PostgresServer server, String name) implements FreshDatabase {

    public static PostgresDatabase create() {
        PostgresServer server = PostgresServer.get();
        String name = "auth_test_" + UUID.randomUUID().toString().replace("-", "");
        server.admin().execute("CREATE DATABASE " + name);
        return new PostgresDatabase(server, name);
    }

    /** Why there is no server to create one on, if there is none; whatever {@code CI} says. */
    public static Optional<String> serverMissing() {
        return PostgresServer.notFound();
    }

    @Override
    public String url() {
        return server.urlOf(name);
    }

    @Override
    public String username() {
        return server.admin().username();
    }

    @Override
    public String password() {
        return server.admin().password();
    }

    @Override
    public void drop() {
        server.admin().execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
}
