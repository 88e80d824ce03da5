package dev.authservice.benchmarks.load;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * One keep-alive HTTP/1.1 connection on a plain socket, used by one virtual client at a time. Deliberately minimal, so
 * that the load generator costs little CPU next to the server it shares the cores with: the request is pre-built
 * bytes, and the answer is read into a reused buffer. It understands Content-Length and chunked bodies, and keeps the
 * value of a {@code refreshToken} cookie if the answer sets one.
 */
public final class HttpConnection implements Closeable {

    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int READ_TIMEOUT_MS = 30_000;
    /**
     * A connection idle this long is checked before it is used again: the service closes connections idle for its
     * idle timeout, and a scenario's connections wait while the other services of a round run theirs.
     */
    private static final long CHECK_AFTER_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final String host;
    private final int port;
    private final InetAddress localAddress;
    private final byte[] buffer = new byte[16 * 1024];
    private byte[] line = new byte[1024];
    private int position;
    private int limit;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private long lastAnswered;

    public HttpConnection(String host, int port) {
        this(host, port, null);
    }

    /** A connection from {@code localAddress} (a loopback address of its own, say), or from any if null. */
    public HttpConnection(String host, int port, InetAddress localAddress) {
        this.host = host;
        this.port = port;
        this.localAddress = localAddress;
    }

    /** A complete request: request line, headers, blank line and body, as sent. */
    public static byte[] request(String method, String path, String hostHeader, String body, String... headers) {
        StringBuilder request = new StringBuilder(128).append(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(hostHeader).append("\r\n");
        for (String header : headers) {
            request.append(header).append("\r\n");
        }
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null || !method.equals("GET")) {
            request.append("Content-Length: ").append(content.length).append("\r\n");
        }
        request.append("\r\n");
        byte[] head = request.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + content.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(content, 0, all, head.length, content.length);
        return all;
    }

    /** Sends {@code request} and reads the whole answer. On any I/O failure the connection is closed, and reopened next time. */
    public Response exchange(byte[] request) throws IOException {
        try {
            if (socket != null && System.nanoTime() - lastAnswered > CHECK_AFTER_IDLE_NANOS && !stillOpen()) {
                close();
            }
            if (socket == null) {
                open();
            }
            out.write(request);
            out.flush();
            Response response = readResponse();
            lastAnswered = System.nanoTime();
            return response;
        } catch (IOException | RuntimeException failure) {
            close();
            throw failure;
        }
    }

    /**
     * Whether the server still keeps this idle connection, as HTTP clients check before reusing one (a request sent
     * on a connection the server has closed would fail, and a login or refresh cannot be sent twice): nothing to
     * read within a millisecond. The end of the stream, or anything the server sent unasked, means it is done with it.
     */
    private boolean stillOpen() throws IOException {
        socket.setSoTimeout(1);
        try {
            in.read();
            return false;
        } catch (SocketTimeoutException nothingToRead) {
            return true;
        } finally {
            socket.setSoTimeout(READ_TIMEOUT_MS);
        }
    }

    private void open() throws IOException {
        Socket opened = new Socket();
        opened.setTcpNoDelay(true);
        opened.setKeepAlive(true);
        opened.setSoTimeout(READ_TIMEOUT_MS);
        if (localAddress != null) {
            opened.bind(new InetSocketAddress(localAddress, 0));
        }
        opened.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
        socket = opened;
        in = opened.getInputStream();
        out = opened.getOutputStream();
        position = 0;
        limit = 0;
    }

    private Response readResponse() throws IOException {
        String statusLine = readLine();
        // "HTTP/1.1 200 OK"
        if (statusLine.length() < 12 || !statusLine.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        long contentLength = -1;
        boolean chunked = false;
        boolean closeAfter = statusLine.startsWith("HTTP/1.0");
        String refreshCookie = null;
        for (String header = readLine(); !header.isEmpty(); header = readLine()) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = header.substring(0, colon);
            String value = header.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                contentLength = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                chunked = value.toLowerCase(java.util.Locale.ROOT).contains("chunked");
            } else if (name.equalsIgnoreCase("Connection")) {
                closeAfter = value.equalsIgnoreCase("close");
            } else if (name.equalsIgnoreCase("Set-Cookie") && value.startsWith("refreshToken=")) {
                int end = value.indexOf(';');
                refreshCookie = value.substring("refreshToken=".length(), end < 0 ? value.length() : end);
            }
        }
        byte[] body;
        if (status == 204 || status == 304 || status / 100 == 1) {
            body = new byte[0];
        } else if (chunked) {
            body = readChunked();
        } else if (contentLength >= 0) {
            body = readExactly((int) contentLength);
        } else {
            body = readToEnd();
            closeAfter = true;
        }
        if (closeAfter) {
            close();
        }
        return new Response(status, refreshCookie, body);
    }

    private byte[] readChunked() throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine();
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                while (!readLine().isEmpty()) {
                    // trailers
                }
                return body.toByteArray();
            }
            body.writeBytes(readExactly(size));
            readLine();
        }
    }

    private byte[] readExactly(int length) throws IOException {
        byte[] bytes = new byte[length];
        int copied = 0;
        while (copied < length) {
            if (position == limit) {
                fill();
            }
            int n = Math.min(length - copied, limit - position);
            System.arraycopy(buffer, position, bytes, copied, n);
            position += n;
            copied += n;
        }
        return bytes;
    }

    private byte[] readToEnd() throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.write(buffer, position, limit - position);
        position = limit;
        in.transferTo(body);
        return body.toByteArray();
    }

    /** One header line, without its CRLF. */
    private String readLine() throws IOException {
        int length = 0;
        while (true) {
            if (position == limit) {
                fill();
            }
            byte b = buffer[position++];
            if (b == '\n') {
                if (length > 0 && line[length - 1] == '\r') {
                    length--;
                }
                return new String(line, 0, length, StandardCharsets.ISO_8859_1);
            }
            if (length == line.length) {
                if (length >= 64 * 1024) {
                    throw new IOException("header line too long");
                }
                line = java.util.Arrays.copyOf(line, length * 2);
            }
            line[length++] = b;
        }
    }

    private void fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
            throw new EOFException("the server closed the connection");
        }
        position = 0;
        limit = n;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        socket = null;
        in = null;
        out = null;
        position = 0;
        limit = 0;
    }

    /** An answer: its status, the new {@code refreshToken} cookie if it set one, and its body. */
    public record Response(int status, String refreshCookie, byte[] body) {

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** This answer, if its status is {@code expected}; else the setup of a measurement went wrong. */
        public Response expect(int expected) {
            if (status != expected) {
                throw new IllegalStateException("expected " + expected + ", got " + status + " " + bodyText());
            }
            return this;
        }

        /** The value of a top-level string field of a small JSON body, such as {@code accessToken}; null if absent. */
        public String jsonString(String field) {
            String text = bodyText();
            String key = "\"" + field + "\"";
            int at = text.indexOf(key);
            if (at < 0) {
                return null;
            }
            int open = text.indexOf('"', text.indexOf(':', at + key.length()) + 1);
            int close = text.indexOf('"', open + 1);
            return open < 0 || close < 0 ? null : text.substring(open + 1, close);
        }
    }
}
