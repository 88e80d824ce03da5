package dev.authservice.benchmarks.service;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.HttpConnection;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The virtual clients of each HTTP scenario. Every client has its own keep-alive connection, from its own loopback
 * address where the system has them (Linux routes all of 127.0.0.0/8 to the loopback interface), as if each were
 * another device. That matters for logins: the service counts a login attempt against its username and client
 * address before checking the password, so 32 concurrent logins of alice from one address would be throttled after 5
 * (429), right password or not. An answer other than the expected one counts as a failure, never as throughput.
 */
public final class Scenarios {

    public static final String LOGIN_BODY =
            "{\"username\":\"" + DemoUser.USERNAME + "\",\"password\":\"" + DemoUser.PASSWORD + "\"}";

    private final String host;
    private final int port;
    private final String hostHeader;
    private final int concurrency;
    private final byte[] login;
    private final boolean ownAddresses;

    public Scenarios(String host, int port, int concurrency) {
        this.host = host;
        this.port = port;
        this.hostHeader = host + ":" + port;
        this.concurrency = concurrency;
        this.login = HttpConnection.request("POST", "/api/login", hostHeader, LOGIN_BODY,
                "Content-Type: application/json");
        this.ownAddresses = loopbackAliasesWork(host, port);
    }

    /** Whether this system accepts connections from loopback addresses other than 127.0.0.1. */
    private static boolean loopbackAliasesWork(String host, int port) {
        try (Socket probe = new Socket()) {
            probe.bind(new InetSocketAddress(clientAddress(0), 0));
            probe.connect(new InetSocketAddress(host, port), 2_000);
            return true;
        } catch (IOException notHere) {
            System.err.println("every virtual client connects from one address (" + notHere + "); concurrent logins"
                    + " beyond the login throttle's limit will be refused with 429");
            return false;
        }
    }

    /** 127.1.0.1, 127.1.0.2, … 127.1.0.250, 127.1.1.1, …: one loopback address per virtual client. */
    private static InetAddress clientAddress(int client) throws UnknownHostException {
        return InetAddress.getByAddress(new byte[] {127, 1, (byte) (client / 250), (byte) (1 + client % 250)});
    }

    /** {@code GET /api/ping}: no token, no I/O; the ceiling for protected reads. */
    public List<ClosedLoop.VirtualClient> ping() {
        return fixed(HttpConnection.request("GET", "/api/ping", hostHeader, null));
    }

    /** {@code GET /api/user/profile} with a valid Bearer token (one login, shared by the clients). */
    public List<ClosedLoop.VirtualClient> profile() throws IOException {
        String accessToken;
        try (HttpConnection connection = connection()) {
            accessToken = logIn(connection).jsonString("accessToken");
        }
        return fixed(HttpConnection.request("GET", "/api/user/profile", hostHeader, null,
                "Authorization: Bearer " + accessToken));
    }

    /** {@code GET /api/user/profile}, every request with a token the service has not seen yet ({@link ColdTokens}). */
    public List<ClosedLoop.VirtualClient> profileCold(ColdTokens tokens) {
        List<ClosedLoop.VirtualClient> clients = new ArrayList<>(concurrency);
        for (int i = 0; i < concurrency; i++) {
            clients.add(new FixedRequest(connection(i), tokens::next));
        }
        return clients;
    }

    /** {@code POST /api/login} with alice's right password, so that the failed-login throttle never applies. */
    public List<ClosedLoop.VirtualClient> login() {
        return fixed(login);
    }

    /**
     * One address, apart from every virtual client's, spraying a password over many usernames on {@code connections}
     * connections (see {@link Spray}); empty when this system has no loopback addresses but 127.0.0.1, where the
     * sprayer would share its address with the users.
     */
    public Optional<Spray> spray(int connections) {
        if (!ownAddresses) {
            return Optional.empty();
        }
        try {
            return Optional.of(Spray.start(host, port, InetAddress.getByAddress(new byte[] {127, 2, 0, 1}),
                    connections));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /**
     * {@code POST /api/refresh}: each client logs in once, then refreshes with the cookie it was last given, so every
     * request is a real rotation of its own chain, never a replay.
     */
    public List<ClosedLoop.VirtualClient> refresh() throws IOException {
        return rotations(new Rotation(login, token -> HttpConnection.request("POST", "/api/refresh", hostHeader, null,
                "Cookie: refreshToken=" + token), HttpConnection.Response::refreshCookie));
    }

    /**
     * How a server rotates refresh tokens: the login that starts a chain, the refresh that presents a token, and
     * where an answer, the login's or a refresh's, carries the next token (null where it carries none).
     */
    public record Rotation(byte[] login, Function<String, byte[]> refresh,
                           Function<HttpConnection.Response, String> token) {
    }

    /** One {@link RotationChain} per virtual client. */
    public List<ClosedLoop.VirtualClient> rotations(Rotation rotation) throws IOException {
        List<ClosedLoop.VirtualClient> clients = new ArrayList<>(concurrency);
        for (int i = 0; i < concurrency; i++) {
            clients.add(new RotationChain(connection(i), rotation));
        }
        return clients;
    }

    /** Every virtual client sending {@code request} again and again on its own connection; 200 is expected. */
    public List<ClosedLoop.VirtualClient> fixed(byte[] request) {
        List<ClosedLoop.VirtualClient> clients = new ArrayList<>(concurrency);
        for (int i = 0; i < concurrency; i++) {
            clients.add(new FixedRequest(connection(i), () -> request));
        }
        return clients;
    }

    private HttpConnection connection() {
        return new HttpConnection(host, port);
    }

    private HttpConnection connection(int client) {
        try {
            return new HttpConnection(host, port, ownAddresses ? clientAddress(client) : null);
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private HttpConnection.Response logIn(HttpConnection connection) throws IOException {
        HttpConnection.Response answer = connection.exchange(login);
        if (answer.status() != 200 || answer.refreshCookie() == null) {
            throw new IOException("login as " + DemoUser.USERNAME + " answered " + answer.status() + ": "
                    + answer.bodyText());
        }
        return answer;
    }

    private static String describe(HttpConnection.Response answer) {
        String body = answer.bodyText();
        return answer.status() + " " + (body.length() > 300 ? body.substring(0, 300) + "…" : body);
    }

    /** One request after the other, ready-made (the same one, or the next of a list); 200 is the expected answer. */
    private static final class FixedRequest implements ClosedLoop.VirtualClient {
        private final HttpConnection connection;
        private final Supplier<byte[]> requests;
        private volatile String lastFailure = "";

        FixedRequest(HttpConnection connection, Supplier<byte[]> requests) {
            this.connection = connection;
            this.requests = requests;
        }

        @Override
        public boolean call() throws IOException {
            HttpConnection.Response answer = connection.exchange(requests.get());
            if (answer.status() == 200) {
                return true;
            }
            lastFailure = describe(answer);
            return false;
        }

        @Override
        public String lastFailure() {
            return lastFailure;
        }
    }

    /** One login, then one refresh after the other with the newest token; a broken chain starts again with a login. */
    private static final class RotationChain implements ClosedLoop.VirtualClient {
        private final HttpConnection connection;
        private final Rotation rotation;
        private String refreshToken;
        private volatile String lastFailure = "";

        RotationChain(HttpConnection connection, Rotation rotation) throws IOException {
            this.connection = connection;
            this.rotation = rotation;
            this.refreshToken = logIn();
        }

        private String logIn() throws IOException {
            HttpConnection.Response answer = connection.exchange(rotation.login());
            String token = answer.status() == 200 ? rotation.token().apply(answer) : null;
            if (token == null) {
                throw new IOException("login as " + DemoUser.USERNAME + " answered " + describe(answer));
            }
            return token;
        }

        @Override
        public boolean call() throws IOException {
            if (refreshToken == null) {
                refreshToken = logIn();
            }
            HttpConnection.Response answer;
            try {
                answer = connection.exchange(rotation.refresh().apply(refreshToken));
            } catch (IOException lost) {
                // Whether the server rotated the token is unknown; presenting it again could be reuse.
                refreshToken = null;
                throw lost;
            }
            String next = answer.status() == 200 ? rotation.token().apply(answer) : null;
            if (next != null) {
                refreshToken = next;
                return true;
            }
            lastFailure = describe(answer);
            refreshToken = null;
            return false;
        }

        @Override
        public String lastFailure() {
            return lastFailure;
        }
    }
}
