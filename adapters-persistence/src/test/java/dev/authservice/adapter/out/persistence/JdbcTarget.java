package dev.authservice.adapter.out.persistence;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** A database the tests connect to with plain JDBC. */
public interface JdbcTarget {

    String url();

    String username();

    String password();

    default Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), username(), password());
    }

    default void execute(String... statements) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot run SQL on " + url(), e);
        }
    }
}
