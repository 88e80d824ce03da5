package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A connection to the service held open by hand, for the guards on connections: it sends what a well-behaved client
 * would not (nothing at all, a header a byte at a time) and tells how the server answered or ended it.
 */
public final class RawConnection implements AutoCloseable {

    private static final int READ_TIMEOUT_MILLIS = 5000;

    private final Socket socket;

    private RawConnection(Socket socket) {
        this.socket = socket;
    }

    public static RawConnection to(int port) throws IOException {
        return from("127.0.0.1", port);
    }

    /** From {@code localAddress}: any of 127.0.0.0/8 is this machine, so each is another client address. */
    public static RawConnection from(String localAddress, int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.bind(new InetSocketAddress(localAddress, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), READ_TIMEOUT_MILLIS);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            return new RawConnection(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * A connection from {@code localAddress} that the server keeps: it learns of a connection closed by its client a
     * moment after, so a place freed that way may not be free yet.
     */
    public static RawConnection admittedFrom(String localAddress, int port) throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            RawConnection connection = from(localAddress, port);
            if (!connection.closedByTheServer()) {
                return connection;
            }
            connection.close();
        }
        throw new AssertionError("no connection from " + localAddress + " was admitted");
    }

    public void send(String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** One answer with a Content-Length body, the connection left open. */
    public String readAnswer() throws IOException {
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

    String readUntilClosed() throws IOException {
        return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    /** What has arrived so far, without waiting for more. */
    String readAvailable() throws IOException {
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

    /** Whether the server closed this connection within a moment, having sent nothing on it. */
    boolean closedByTheServer() {
        return closedWithoutAnAnswerWithin(Duration.ofMillis(300));
    }

    /**
     * Waits up to {@code limit} for the server to close this connection; fails if it sends anything instead. Returns
     * whether it closed.
     */
    public boolean closedWithoutAnAnswerWithin(Duration limit) {
        try {
            socket.setSoTimeout(Math.toIntExact(limit.toMillis()));
            int read = socket.getInputStream().read();
            assertEquals(-1, read, "closed without an answer");
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        } finally {
            try {
                socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            } catch (IOException ignored) {
                // closed: the next read says so
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
