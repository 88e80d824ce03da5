package dev.authservice.adapter.out.persistence.health;

import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.health.port.out.StoreHealth;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** The stores answer when the database lends a connection that proves valid within two seconds. */
@Singleton
@TranslatesUnavailability
class JdbcStoreHealth implements StoreHealth {

    private static final int TIMEOUT_SECONDS = 2;

    private final DataSource dataSource;

    /** Resolved to the pool itself: the injected data source only lends connections inside a transaction. */
    JdbcStoreHealth(DataSource dataSource, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(dataSource);
    }

    @Override
    public boolean answers() {
        try (Connection connection = dataSource.getConnection()) {
            return connection.isValid(TIMEOUT_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }
}
