package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guards on the connection itself, over raw sockets, since a well-behaved client cannot send what they refuse:
 * connections that send nothing, requests trickled past their deadline, chunked bodies (request smuggling), heads
 * the decoder cannot read, and too many connections from one address.
 */
@MicronautTest
@Property(name = "auth.http.first-request-deadline", value = "3s")
@Property(name = "auth.http.request-deadline", value = "1s")
@Property(name = "auth.http.keep-alive-timeout", value = "2s")
@Property(name = "auth.http.max-connections-per-address", value = "3")
class ConnectionGuardsHttpTest {

    private static final String PING = "GET /api/ping HTTP/1.1\r\nHost: localhost\r\n\r\n";

    @Inject
    EmbeddedServer server;

    @Inject
    MeterRegistry metrics;

    private RawHttp raw;

    @BeforeEach
    void client() {
        raw = new RawHttp(server.getURI());
    }

    @Test
    void aConnectionThatSendsNothingIsClosedWithoutAnAnswerAtItsFirstRequestDeadline() throws IOException {
        try (RawConnection idle = RawConnection.to(server.getPort())) {
            long start = System.nanoTime();

            assertTrue(idle.closedWithoutAnAnswerWithin(Duration.ofSeconds(8)), "closed, not held for minutes");
            Duration held = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(held.compareTo(Duration.ofMillis(2500)) > 0 && held.compareTo(Duration.ofMillis(4900)) < 0,
                    "held until the deadline of 3 s: " + held);
        }
    }

    @Test
    void aConnectionIdleAfterItsAnswerIsClosedWithoutAnAnswerAtTheKeepAliveTimeout() throws IOException {
        try (RawConnection connection = RawConnection.to(server.getPort())) {
            connection.send(PING);
            assertTrue(connection.readAnswer().startsWith("HTTP/1.1 200 "));
            long answered = System.nanoTime();

            assertTrue(connection.closedWithoutAnAnswerWithin(Duration.ofSeconds(8)), "closed, not kept for minutes");
            Duration kept = Duration.ofNanos(System.nanoTime() - answered);
            assertTrue(kept.compareTo(Duration.ofMillis(1500)) > 0, "kept until the timeout of 2 s: " + kept);
        }
    }

    @Test
    void aBodyWithBothLengthsIs411AndWhatWasSmuggledAfterItNeverRuns() throws IOException {
        String chunkedBody = "0\r\n\r\n" + PING; // a proxy reading by Content-Length forwards the ping as body
        String request = "POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + chunkedBody.length() + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody;

        try (RawConnection connection = RawConnection.to(server.getPort())) {
            connection.send(request);
            String answered = connection.readUntilClosed();

            assertTrue(answered.startsWith("HTTP/1.1 411 "), answered);
            assertTrue(answered.contains("\"code\":\"LENGTH_REQUIRED\""), answered);
            assertEquals(1, answered.split("HTTP/1.1 ", -1).length - 1, "one answer, none for the ping: " + answered);
        }
    }

    /** The service takes no chunked body, by policy: 411 for every list whose final coding is chunked. */
    @ParameterizedTest
    @ValueSource(strings = {"chunked", "Chunked", "gzip, chunked", "gzip,chunked", "gzip ,  chunked"})
    void aBodyWhoseFinalCodingIsChunkedIs411AndTheConnectionCloses(String codings) {
        String body = "{\"username\":\"alice\",\"password\":\"alice-password\"}";
        Http.Answer answer = raw.exchange("POST /api/login HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: " + codings + "\r\n\r\n"
                + Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n");

        assertError(answer, 411, "LENGTH_REQUIRED");
    }

    /**
     * RFC 9112 §6.3: when chunked is not the final coding, the body's length cannot be known: 400 and the connection
     * closed. So for a list that cannot be read at all.
     */
    @ParameterizedTest
    @ValueSource(strings = {"xchunked", "chunked, gzip", "gzip", "chunked, chunked", "chunked;x=1", "chun ked",
            "chunked\r\nTransfer-Encoding: gzip", ","})
    void aBodyWhoseFinalCodingIsNotChunkedIs400AndTheConnectionCloses(String codings) {
        Http.Answer answer = raw.exchange("POST /api/login HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: " + codings + "\r\n\r\n{}"
                + PING);

        assertError(answer, 400, "INVALID_INPUT");
        assertEquals(List.of("close"), answer.response().headers().allValues("Connection"));
    }

    static Stream<Arguments> refusedHeads() {
        return Stream.of(
                Arguments.of("GET /api/ping HTTP/1.1\r\nHost: localhost\r\nNo colon here\r\n\r\n", 400,
                        "INVALID_INPUT"),
                Arguments.of("GET /api/ping?padding=" + "a".repeat(10_000) + " HTTP/1.1\r\nHost: localhost\r\n\r\n",
                        414, "URI_TOO_LONG"),
                Arguments.of("GET /api/ping HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + "a".repeat(20_000)
                        + "\r\n\r\n", 431, "REQUEST_HEADER_FIELDS_TOO_LARGE"),
                Arguments.of("POST /api/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "0\r\n\r\n", 411, "LENGTH_REQUIRED"),
                Arguments.of("POST /api/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: xchunked\r\n"
                        + "Content-Length: 2\r\n\r\n{}", 400, "INVALID_INPUT"));
    }

    /** Answered below the filters, yet with the headers of every other answer, as HTTP/1.1; the connection closed. */
    @ParameterizedTest
    @MethodSource("refusedHeads")
    void aRefusedHeadIsAnsweredWithTheHeadersOfEveryOtherAnswer(String request, int status, String code) {
        Http.Answer answer = raw.exchange(request);

        assertError(answer, status, code);
        assertHeadersOfEveryAnswer(answer);
    }

    @Test
    void aRequestTrickledPastItsDeadlineIs408AndTheConnectionCloses() throws IOException, InterruptedException {
        try (RawConnection connection = RawConnection.to(server.getPort())) {
            long start = System.nanoTime();
            String answered = "";
            // One byte of header every 100 ms: each byte would restart an idle timeout, not this deadline.
            for (int i = 0; i < 60 && answered.isEmpty(); i++) {
                connection.send(i == 0 ? "GET /api/ping HTTP/1.1\r\nX-Slow: " : "a");
                Thread.sleep(100);
                answered = connection.readAvailable();
            }
            answered += connection.readUntilClosed();

            assertTrue(System.nanoTime() - start < 5_000_000_000L, "closed by the deadline, not by an idle timeout");
            Http.Answer answer = RawHttp.parse(answered, server.getURI(), false);
            assertError(answer, 408, "REQUEST_TIMEOUT");
            assertHeadersOfEveryAnswer(answer);
        }
    }

    @Test
    void aRequestWithinItsDeadlineIsAnsweredAndTheConnectionStaysOpenForTheNext() throws IOException {
        try (RawConnection connection = RawConnection.to(server.getPort())) {
            connection.send(PING);
            assertTrue(connection.readAnswer().startsWith("HTTP/1.1 200 "));
            connection.send(PING);
            assertTrue(connection.readAnswer().startsWith("HTTP/1.1 200 "));
        }
    }

    @Test
    void connectionsOverTheLimitOfOneAddressAreClosedAtOnceAndCounted() throws IOException {
        double refusedBefore = refusedPerAddress();
        List<RawConnection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                connections.add(RawConnection.to(server.getPort()));
            }
            // Connections are set up on several event loops, so any one of the four may be the one over the limit.
            List<RawConnection> closed = connections.stream().filter(RawConnection::closedByTheServer).toList();
            assertEquals(1, closed.size(), "one of four closed, without an answer");
            assertEquals(refusedBefore + 1, refusedPerAddress(), "and counted");
            for (RawConnection connection : connections) {
                if (!closed.contains(connection)) {
                    connection.send(PING);
                    assertTrue(connection.readAnswer().startsWith("HTTP/1.1 200 "), "the other three are served");
                }
            }
            connections.remove(closed.get(0));
            connections.remove(0).close();
            try (RawConnection again = RawConnection.admittedFrom("127.0.0.1", server.getPort())) {
                again.send(PING);
                assertTrue(again.readAnswer().startsWith("HTTP/1.1 200 "), "a closed connection frees its place");
            }
        } finally {
            for (RawConnection connection : connections) {
                connection.close();
            }
        }
    }

    /** The headers {@code SecurityHeadersFilter} gives every answer, as an ordinary answer carries them. */
    private void assertHeadersOfEveryAnswer(Http.Answer answer) {
        Http.Answer ordinary = raw.send("GET /api/ping HTTP/1.1\r\nHost: localhost", "");
        assertAll(answer.toString(), Stream.of("X-Content-Type-Options", "Referrer-Policy", "Content-Security-Policy",
                        "Cache-Control")
                .map(name -> () -> {
                    assertTrue(ordinary.header(name).isPresent(), name);
                    assertEquals(ordinary.header(name), answer.header(name), name);
                }));
        assertEquals(List.of("close"), answer.response().headers().allValues("Connection"));
    }

    private double refusedPerAddress() {
        return metrics.get("auth.http.connections.refused").tag("reason", "per_address").counter().count();
    }
}
