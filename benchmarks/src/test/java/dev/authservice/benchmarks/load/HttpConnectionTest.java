package dev.authservice.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HttpConnectionTest {

    private static final byte[] ANSWER =
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.ISO_8859_1);

    /** As the service does after its idle timeout: a request sent on the closed connection would be lost. */
    @Test
    void aConnectionTheServerClosedWhileIdleIsReplacedBeforeTheNextRequest() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
             HttpConnection connection = new HttpConnection("127.0.0.1", server.getLocalPort())) {
            CompletableFuture<Integer> served = CompletableFuture.supplyAsync(() -> {
                int requests = 0;
                for (int accepted = 0; accepted < 2; accepted++) {
                    try (Socket socket = server.accept()) {
                        answerOneRequest(socket);
                        requests++;
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
                return requests;
            });
            byte[] request = HttpConnection.request("GET", "/api/ping", "127.0.0.1", null);

            assertEquals(200, connection.exchange(request).status());
            Thread.sleep(1_200);
            assertEquals(200, connection.exchange(request).status(), "sent on a new connection");

            assertEquals(2, served.get(5, TimeUnit.SECONDS));
        }
    }

    private static void answerOneRequest(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the request ended early");
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        OutputStream out = socket.getOutputStream();
        out.write(ANSWER);
        out.flush();
    }
}
