package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.http.HttpResponse;
import io.micronaut.jdbc.DataSourceResolver;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** The answers of GET /health that a running service on a healthy database cannot show: the database gone or stuck. */
class HealthControllerTest {

    @Test
    void aDatabaseThatRefusesConnectionsIsDown() {
        HttpResponse<Map<String, String>> answer = health(dataSource(() -> {
            throw new SQLException("Connection refused");
        }));

        assertEquals(503, answer.code());
        assertEquals(Map.of("status", "DOWN"), answer.body());
    }

    @Test
    void aConnectionThatIsNoLongerValidIsDown() {
        assertEquals(503, health(dataSource(() -> connection(false))).code());
    }

    @Test
    void aValidConnectionIsUp() {
        HttpResponse<Map<String, String>> answer = health(dataSource(() -> connection(true)));

        assertEquals(200, answer.code());
        assertEquals(Map.of("status", "UP"), answer.body());
    }

    private static HttpResponse<Map<String, String>> health(DataSource dataSource) {
        return new HealthController(dataSource, DataSourceResolver.DEFAULT).health();
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
