package dev.authservice.bootstrap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * HTTP/1.1 written by hand over a socket, for what {@code java.net.http} will not send: a {@code Host} of another
 * name, a malformed head, a body that is not UTF-8. Each request goes on a connection of its own, closed after the
 * answer.
 */
final class RawHttp {

    private final URI base;

    RawHttp(URI base) {
        this.base = base;
    }

    /** Sends {@code head} (the request line and headers, without the blank line that ends them) and {@code body}. */
    Http.Answer send(String head, String body) {
        return send(head, body.getBytes(StandardCharsets.UTF_8));
    }

    /** The same with a body of any bytes, such as a malformed UTF-8 sequence that a {@code String} cannot hold. */
    Http.Answer send(String head, byte[] content) {
        String request = head + "\r\nConnection: close\r\n"
                + (content.length > 0 ? "Content-Length: " + content.length + "\r\n" : "") + "\r\n";
        return exchange(request.getBytes(StandardCharsets.ISO_8859_1), content);
    }

    /**
     * Sends {@code request} as it is, head and body, and reads the answer until the server closes the connection;
     * one that does not close within the read timeout fails.
     */
    Http.Answer exchange(String request) {
        return exchange(request.getBytes(StandardCharsets.ISO_8859_1));
    }

    private Http.Answer exchange(byte[]... request) {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            for (byte[] part : request) {
                out.write(part);
            }
            out.flush();
            String requestLine = new String(request[0], StandardCharsets.ISO_8859_1).split("\r\n", 2)[0];
            return parse(readAll(socket.getInputStream()), base, requestLine.endsWith(" HTTP/1.0"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toString(StandardCharsets.UTF_8);
    }

    /**
     * An answer as the server wrote it. It must be in HTTP/1.1, or, to a request in HTTP/1.0, in HTTP/1.0 as well,
     * which RFC 9110 section 2.5 allows: an answer in HTTP/1.0 to an HTTP/1.1 request fails.
     */
    static Http.Answer parse(String raw, URI base, boolean toHttp10) {
        int endOfHead = raw.indexOf("\r\n\r\n");
        String[] lines = raw.substring(0, endOfHead).split("\r\n");
        if (!lines[0].startsWith("HTTP/1.1 ") && !(toHttp10 && lines[0].startsWith("HTTP/1.0 "))) {
            throw new AssertionError("the service speaks HTTP/1.1, not: " + lines[0]);
        }
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim(), name -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        return new Http.Answer(new Response(status, HttpHeaders.of(headers, (name, value) -> true),
                raw.substring(endOfHead + 4), base));
    }

    private record Response(int statusCode, HttpHeaders headers, String body, URI uri)
            implements HttpResponse<String> {

        @Override
        public HttpRequest request() {
            return HttpRequest.newBuilder(uri).build();
        }

        @Override
        public Optional<HttpResponse<String>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return Optional.empty();
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }
}
