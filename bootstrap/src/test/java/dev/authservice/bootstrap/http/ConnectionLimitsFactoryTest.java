package dev.authservice.bootstrap.http;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** A limit of the connection guards beyond its ceiling or below its floor stops the start, naming its key alone. */
class ConnectionLimitsFactoryTest {

    private static final Duration A_YEAR = Duration.ofDays(365);
    private static final Duration FIVE_SECONDS = Duration.ofSeconds(5);
    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);
    private static final Duration SEVENTY_FIVE_SECONDS = Duration.ofSeconds(75);

    private final ConnectionLimitsFactory factory = new ConnectionLimitsFactory();

    @Test
    void eachDeadlineBeyondItsCeilingIsRefusedByItsKey() {
        assertEquals("auth.http.first-request-deadline (AUTH_HTTP_FIRST_REQUEST_DEADLINE): firstRequestDeadline must"
                        + " be at most 1m, was 365d",
                refusal(() -> factory.connectionLimits(A_YEAR, TEN_SECONDS, SEVENTY_FIVE_SECONDS, null, 256, null)));
        assertEquals("auth.http.request-deadline (AUTH_HTTP_REQUEST_DEADLINE): requestDeadline must be at most 1m,"
                        + " was 365d",
                refusal(() -> factory.connectionLimits(FIVE_SECONDS, A_YEAR, SEVENTY_FIVE_SECONDS, null, 256, null)));
        assertEquals("auth.http.keep-alive-timeout (AUTH_HTTP_KEEP_ALIVE_TIMEOUT): keepAliveTimeout must be at most"
                        + " 15m, was 365d",
                refusal(() -> factory.connectionLimits(FIVE_SECONDS, TEN_SECONDS, A_YEAR, null, 256, null)));
    }

    @Test
    void theCeilingsThemselvesAreTaken() {
        assertDoesNotThrow(() -> factory.connectionLimits(Duration.ofMinutes(1), Duration.ofMinutes(1),
                Duration.ofMinutes(15), null, 256, null));
    }

    @Test
    void aLimitBelowItsFloorIsRefusedByItsKey() {
        assertEquals("auth.http.request-deadline (AUTH_HTTP_REQUEST_DEADLINE): requestDeadline must be positive",
                refusal(() -> factory.connectionLimits(FIVE_SECONDS, Duration.ZERO, SEVENTY_FIVE_SECONDS, null, 256,
                        null)));
        assertEquals("auth.http.max-connections (AUTH_HTTP_MAX_CONNECTIONS): maxConnections must be at least 1, was 0",
                refusal(() -> factory.connectionLimits(FIVE_SECONDS, TEN_SECONDS, SEVENTY_FIVE_SECONDS, 0, 256,
                        null)));
        assertEquals("auth.http.max-connections-per-address (AUTH_HTTP_MAX_CONNECTIONS_PER_ADDRESS):"
                        + " maxConnectionsPerAddress must be at least 1, was 0",
                refusal(() -> factory.connectionLimits(FIVE_SECONDS, TEN_SECONDS, SEVENTY_FIVE_SECONDS, null, 0,
                        null)));
    }

    private static String refusal(Executable building) {
        return assertThrows(MisconfigurationException.class, building).getMessage();
    }
}
