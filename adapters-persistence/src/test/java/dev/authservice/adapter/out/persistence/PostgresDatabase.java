package dev.authservice.adapter.out.persistence;

import java.util.UUID;

/** A database created on the test server for one test class, so that concurrent test runs never meet. */
record PostgresDatabase(PostgresServer server, String name) implements FreshDatabase {

    static PostgresDatabase create() {
        PostgresServer server = PostgresServer.get();
        String name = "auth_test_" + UUID.randomUUID().toString().replace("-", "");
        server.admin().execute("CREATE DATABASE " + name);
        return new PostgresDatabase(server, name);
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
