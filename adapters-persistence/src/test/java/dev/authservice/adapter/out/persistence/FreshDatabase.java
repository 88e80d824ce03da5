package dev.authservice.adapter.out.persistence;

/** An empty database made for one test class. */
interface FreshDatabase extends JdbcTarget {

    /** Removes the database; called once every application context on it is closed. */
    void drop();
}
