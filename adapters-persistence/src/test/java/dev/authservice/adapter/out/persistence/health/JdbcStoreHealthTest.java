package dev.authservice.adapter.out.persistence.health;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.jdbc.DataSourceResolver;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** What a running service on a healthy database cannot show: the database gone, or stuck. */
class JdbcStoreHealthTest {

    @Test
    void aDatabaseThatRefusesConnectionsDoesNotAnswer() {
        assertFalse(health(dataSource(() -> {
            throw new SQLException("Connection refused");
        })).answers());
    }

    @Test
    void aConnectionThatIsNoLongerValidDoesNotAnswer() {
        assertFalse(health(dataSource(() -> connection(false))).answers());
    }

    @Test
    void aValidConnectionAnswers() {
        assertTrue(health(dataSource(() -> connection(true))).answers());
    }

    private static JdbcStoreHealth health(DataSource dataSource) {
        return new JdbcStoreHealth(dataSource, DataSourceResolver.DEFAULT);
    }

    private interface ConnectionSource {
        Connection get() throws SQLException;
    }

    private static DataSource dataSource(ConnectionSource connections) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        return connections.get();
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static Connection connection(boolean valid) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "isValid" -> valid;
                    case "close" -> null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
