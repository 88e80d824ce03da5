package dev.authservice.adapter.out.persistence;

import java.util.UUID;

/** An H2 database in memory, in H2's default mode, under a name of its own. */
record H2Database(String url) implements FreshDatabase {

    static H2Database create() {
        // DB_CLOSE_DELAY=-1 keeps it between connections; drop() ends it.
        return new H2Database("jdbc:h2:mem:auth_test_" + UUID.randomUUID().toString().replace("-", "")
                + ";DB_CLOSE_DELAY=-1");
    }

    @Override
    public String username() {
        return "sa";
    }

    @Override
    public String password() {
        return "";
    }

    @Override
    public void drop() {
        execute("SHUTDOWN");
    }
}
