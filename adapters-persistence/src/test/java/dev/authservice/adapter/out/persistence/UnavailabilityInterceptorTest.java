package dev.authservice.adapter.out.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.shared.port.out.StoreUnavailableException;
import dev.authservice.domain.session.SessionId;
import io.micronaut.data.exceptions.DataAccessException;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A store whose database goes away throws the port's {@link StoreUnavailableException} (which the web adapter answers
 * with 503), and only then: what the SQLState does not say is unavailability passes through as it was.
 */
class UnavailabilityInterceptorTest {

    @RegisterExtension
    static final TestDatabase postgres = TestDatabase.postgres();

    private static final Pattern HOST_AND_PORT = Pattern.compile("(jdbc:postgresql://)([^:/]+)(?::(\\d+))?(/.*)");

    @Test
    void aStoreWhoseConnectionsAreCutThrowsStoreUnavailable() throws Exception {
        Matcher url = HOST_AND_PORT.matcher(postgres.target().url());
        assertTrue(url.matches(), postgres.target().url());
        try (SilentRelay relay = new SilentRelay(url.group(2), url.group(3) == null ? 5432
                : Integer.parseInt(url.group(3)))) {
            JdbcTarget relayed = new JdbcTarget() {
                @Override
                public String url() {
                    return url.group(1) + "127.0.0.1:" + relay.port() + url.group(4);
                }

                @Override
                public String username() {
                    return postgres.target().username();
                }

                @Override
                public String password() {
                    return postgres.target().password();
                }
            };
            SessionStore sessions = postgres.startInstanceOn(relayed, Map.of(
                    "datasources.default.connection-timeout", 500)).getBean(SessionStore.class);
            SessionId unknown = new SessionId(UUID.randomUUID());
            assertTrue(sessions.find(unknown).isEmpty());

            relay.close();

            StoreUnavailableException unavailable = assertThrows(StoreUnavailableException.class,
                    () -> sessions.find(unknown));
            assertTrue(unavailable.getMessage().startsWith("The database cannot be reached: "), unavailable.getMessage());
            assertThrows(StoreUnavailableException.class, () -> sessions.find(unknown), "a new connection refused");
        }
    }

    @Test
    void onlyTheSqlStatesOfAnUnreachableDatabaseCount() {
        for (String state : new String[] {"08001", "08006", "57P01", "57P03", "25006", "53300"}) {
            assertTrue(UnavailabilityInterceptor.unavailableCause(failure(state)).isPresent(), state);
        }
        for (String state : new String[] {"23505", "40001", "42P01", "57014"}) {
            assertTrue(UnavailabilityInterceptor.unavailableCause(failure(state)).isEmpty(), state);
        }
        assertTrue(UnavailabilityInterceptor.unavailableCause(new IllegalStateException("a bug")).isEmpty());
        assertTrue(UnavailabilityInterceptor.unavailableCause(new DataAccessException("Error executing SQL",
                new SQLException("no SQLState"))).isEmpty());
    }

    private static RuntimeException failure(String sqlState) {
        SQLException cause = new SQLException("the driver's message", sqlState);
        RuntimeException wrapped = new DataAccessException("Error executing SQL", cause);
        assertSame(cause, wrapped.getCause());
        assertEquals(sqlState, cause.getSQLState());
        return wrapped;
    }
}
