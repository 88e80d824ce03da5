package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The packaged jar under a small file-descriptor limit, flooded with more idle connections than it has descriptors,
 * from several client addresses each under its own limit: the default cap, derived from the limit, keeps the
 * management port's probes answered, and the first-request deadline gives the API back within seconds.
 */
class ConnectionCapIT {

    private static final int FILE_DESCRIPTORS = 640;
    /** Three client addresses, 240 each: under the 256 one address may hold, over the descriptors in all. */
    private static final int CONNECTIONS = 720;

    @RegisterExtension
    final ServiceJar service = ServiceJar.withFileDescriptorLimit(FILE_DESCRIPTORS);

    @Test
    void moreIdleConnectionsThanFileDescriptorsLeaveTheProbesAnsweredAndTheServiceRecovers() throws Exception {
        service.start(Map.of());
        List<RawConnection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                connections.add(RawConnection.from("127.0.0." + (2 + i % 3), service.port()));
            }

            try (RawConnection probe = RawConnection.to(service.managementPort())) {
                probe.send("GET /health/readiness HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertTrue(probe.readAnswer().startsWith("HTTP/1.1 200 "), "the probes are answered");
            }
            // On a busy machine the first-request deadline may have closed some by now: the counts are bounds.
            String metrics = new Http(URI.create("http://127.0.0.1:" + service.managementPort()))
                    .get("/prometheus").body();
            assertTrue(sample(metrics, "auth_http_connections_open") <= derivedCap(), "never more than the cap");
            assertTrue(sample(metrics, "auth_http_connections_refused_total\\{reason=\"total\"}") > 0,
                    "the cap was reached, and the connections over it counted: " + metrics);

            for (RawConnection connection : connections) {
                assertTrue(connection.closedWithoutAnAnswerWithin(Duration.ofSeconds(10)),
                        "closed by the first-request deadline");
            }
        } finally {
            for (RawConnection connection : connections) {
                connection.close();
            }
        }
        try (RawConnection again = RawConnection.admittedFrom("127.0.0.2", service.port())) {
            again.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertTrue(again.readAnswer().startsWith("HTTP/1.1 200 "), "the API is served again");
        }
    }

    @Test
    void aConfiguredCapAboveWhatTheLimitLeavesStopsTheStart() throws Exception {
        String output = service.refusedStart(Map.of("AUTH_HTTP_MAX_CONNECTIONS", String.valueOf(CONNECTIONS)));

        assertTrue(output.contains("auth.http.max-connections (AUTH_HTTP_MAX_CONNECTIONS) is 720, but the "
                + "file-descriptor limit of 640 leaves room for "), output);
    }

    /** The cap the service derived from the limit, as it logged it at start. */
    private int derivedCap() throws Exception {
        Matcher logged = Pattern.compile("at most (\\d+) connections: the file-descriptor limit is "
                + FILE_DESCRIPTORS).matcher(service.log());
        assertTrue(logged.find(), service.log());
        int cap = Integer.parseInt(logged.group(1));
        assertTrue(cap < CONNECTIONS, "the flood is over the cap: " + cap);
        return cap;
    }

    private static double sample(String metrics, String name) {
        Matcher sample = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(metrics);
        assertTrue(sample.find(), name + " in " + metrics);
        return Double.parseDouble(sample.group(1));
    }
}
