package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The cap on the connections of the API's port, whatever their addresses: connections over it are closed at once and
 * counted, the management port's probes are still answered, and the places come back as connections close.
 */
@MicronautTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConnectionCapHttpTest implements TestPropertyProvider {

    private static final int CAP = 4;
    private static final String PING = "GET /api/ping HTTP/1.1\r\nHost: localhost\r\n\r\n";
    private static final String READINESS = "GET /health/readiness HTTP/1.1\r\nHost: localhost\r\n\r\n";

    private final int managementPort = freePort();

    @Inject
    EmbeddedServer server;

    @Inject
    MeterRegistry metrics;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("auth.management.port", String.valueOf(managementPort),
                "auth.http.max-connections", String.valueOf(CAP));
    }

    @Test
    void connectionsOverTheCapAreClosedAtOnceAndCountedWhileTheProbesAreAnswered() throws IOException {
        double refusedBefore = refused("total");
        double refusedPerAddressBefore = refused("per_address");
        List<RawConnection> connections = new ArrayList<>();
        try {
            // Three client addresses, none near its own limit: only the cap on them all can refuse.
            for (int i = 0; i < CAP + 3; i++) {
                connections.add(RawConnection.from("127.0.0." + (2 + i % 3), server.getPort()));
            }
            long closed = connections.stream().filter(RawConnection::closedByTheServer).count();

            assertEquals(3, closed, "three of seven closed at once, without an answer");
            assertEquals(refusedBefore + 3, refused("total"), "and counted");
            assertEquals(refusedPerAddressBefore, refused("per_address"), "as over the cap, not over an address's");
            assertEquals(CAP, metrics.get("auth.http.connections.open").gauge().value(), "the cap is full");
            try (RawConnection probe = RawConnection.to(managementPort)) {
                probe.send(READINESS);
                assertTrue(probe.readAnswer().startsWith("HTTP/1.1 200 "), "the management port is not capped");
            }

            // The four that sent nothing are closed at their first-request deadline (5 s), and their places come back.
            for (RawConnection connection : connections) {
                assertTrue(connection.closedWithoutAnAnswerWithin(Duration.ofSeconds(8)));
            }
            try (RawConnection again = RawConnection.admittedFrom("127.0.0.5", server.getPort())) {
                again.send(PING);
                assertTrue(again.readAnswer().startsWith("HTTP/1.1 200 "), "served again");
            }
        } finally {
            for (RawConnection connection : connections) {
                connection.close();
            }
        }
    }

    private double refused(String reason) {
        return metrics.get("auth.http.connections.refused").tag("reason", reason).counter().count();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
