package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The guards on the connection itself, over raw sockets, since a well-behaved client cannot send what they refuse:
 * chunked bodies (request smuggling), requests trickled past their deadline, and too many connections from one
 * address.
 */
@MicronautTest
@Property(name = "auth.http.request-deadline", value = "1s")
@Property(name = "auth.http.max-connections-per-address", value = "3")
class ConnectionGuardsHttpTest {

    private static final String PING = "GET /api/ping HTTP/1.1\r\nHost: localhost\r\n\r\n";

    @Inject
    EmbeddedServer server;

    @Test
    void aBodyWithBothLengthsIs411AndWhatWasSmuggledAfterItNeverRuns() throws IOException {
        String chunkedBody = "0\r\n\r\n" + PING; // a proxy reading by Content-Length forwards the ping as body
        String request = "POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + chunkedBody.length() + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunkedBody;

        try (Socket socket = connect()) {
            send(socket, request);
            String answered = readUntilClosed(socket);

            assertTrue(answered.startsWith("HTTP/1.1 411 "), answered);
            assertTrue(answered.contains("\"code\":\"LENGTH_REQUIRED\""), answered);
            assertEquals(1, answered.split("HTTP/1.1 ", -1).length - 1, "one answer, none for the ping: " + answered);
        }
    }

    @Test
    void aChunkedBodyIs411() throws IOException {
        String body = "{\"username\":\"alice\",\"password\":\"alice-password\"}";
        String request = "POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(body.length()) + "\r\n" + body
                + "\r\n0\r\n\r\n";

        try (Socket socket = connect()) {
            send(socket, request);

            assertTrue(readUntilClosed(socket).startsWith("HTTP/1.1 411 "));
        }
    }

    @Test
    void aRequestTrickledPastItsDeadlineIs408AndTheConnectionCloses() throws IOException, InterruptedException {
        try (Socket socket = connect()) {
            long start = System.nanoTime();
            String answered = "";
            // One byte of header every 100 ms: each byte would restart an idle timeout, not this deadline.
            for (int i = 0; i < 60 && answered.isEmpty(); i++) {
                send(socket, i == 0 ? "GET /api/ping HTTP/1.1\r\nX-Slow: " : "a");
                Thread.sleep(100);
                answered = readAvailable(socket);
            }

            assertTrue(answered.startsWith("HTTP/1.1 408 "), answered);
            assertTrue(answered.contains("\"code\":\"REQUEST_TIMEOUT\""), answered);
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "closed by the deadline, not by an idle timeout");
        }
    }

    @Test
    void aRequestWithinItsDeadlineIsAnsweredAndTheConnectionStaysOpenForTheNext() throws IOException {
        try (Socket socket = connect()) {
            send(socket, PING);
            assertTrue(readAnswer(socket).startsWith("HTTP/1.1 200 "));
            send(socket, PING);
            assertTrue(readAnswer(socket).startsWith("HTTP/1.1 200 "));
        }
    }

    @Test
    void connectionsOverTheLimitOfOneAddressAreClosedAtOnce() throws IOException {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                sockets.add(connect());
            }
            // Connections are set up on several event loops, so any one of the four may be the one over the limit.
            List<Socket> closed = sockets.stream().filter(ConnectionGuardsHttpTest::closedByTheServer).toList();
            assertEquals(1, closed.size(), "one of four closed, without an answer");
            for (Socket socket : sockets) {
                if (!closed.contains(socket)) {
                    send(socket, PING);
                    assertTrue(readAnswer(socket).startsWith("HTTP/1.1 200 "), "the other three are served");
                }
            }
            sockets.remove(closed.get(0));
            sockets.remove(0).close();
            try (Socket again = connectWhenFree()) {
                send(again, PING);
                assertTrue(readAnswer(again).startsWith("HTTP/1.1 200 "), "a closed connection frees its place");
            }
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.getPort());
        socket.setSoTimeout(5000);
        return socket;
    }

    /** The server learns of a closed connection a moment after the client closes it. */
    private Socket connectWhenFree() throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            Socket socket = connect();
            if (!closedByTheServer(socket)) {
                return socket;
            }
            socket.close();
        }
        throw new AssertionError("no connection was admitted again");
    }

    /** Whether the server closed {@code socket} within a moment, having sent nothing on it. */
    private static boolean closedByTheServer(Socket socket) {
        try {
            socket.setSoTimeout(300);
            int read = socket.getInputStream().read();
            assertEquals(-1, read, "nothing is sent before a request");
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        } finally {
            try {
                socket.setSoTimeout(5000);
            } catch (IOException ignored) {
                // closed: the next read says so
            }
        }
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    private static String readUntilClosed(Socket socket) throws IOException {
        return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static String readAvailable(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        while (in.available() > 0) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            read.write(b);
        }
        return read.toString(StandardCharsets.UTF_8);
    }

    /** One answer with a Content-Length body, the connection left open. */
    private static String readAnswer(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
            int b = in.read();
            assertFalse(b < 0, "closed before the answer's head ended: " + head);
            head.write(b);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int length = text.lines().filter(line -> line.toLowerCase().startsWith("content-length:"))
                .map(line -> Integer.parseInt(line.substring(15).trim())).findFirst().orElse(0);
        return text + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
