package dev.authservice.benchmarks.service;

import dev.authservice.benchmarks.load.HttpConnection;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One address spraying a password over many usernames, on as many connections at once as it is given, in the
 * background of a measurement: each connection sends its next guess as soon as the last is answered, each guess for a
 * username not guessed before. The answers it expects are 401 (a guess that cost a hash), 429 (the address is
 * throttled) and 503 (the service's hashing queue is full); anything else is unexpected.
 */
public final class Spray implements AutoCloseable {

    private static final String PASSWORD = "Winter2026!";

    private final AtomicLong usernames = new AtomicLong();
    private final AtomicLong guessed = new AtomicLong();
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong unexpected = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    private Spray() {
    }

    /** Starts {@code connections} spraying from {@code from}; {@link #close} stops them. */
    static Spray start(String host, int port, InetAddress from, int connections) {
        Spray spray = new Spray();
        String hostHeader = host + ":" + port;
        for (int i = 0; i < connections; i++) {
            HttpConnection connection = new HttpConnection(host, port, from);
            Thread thread = new Thread(() -> spray.guess(connection, hostHeader), "spray-" + i);
            thread.setDaemon(true);
            spray.threads.add(thread);
            thread.start();
        }
        return spray;
    }

    private void guess(HttpConnection connection, String hostHeader) {
        try (connection) {
            while (!stopped) {
                String body = "{\"username\":\"sprayed-" + usernames.incrementAndGet() + "\",\"password\":\""
                        + PASSWORD + "\"}";
                try {
                    count(connection.exchange(HttpConnection.request("POST", "/api/login", hostHeader, body,
                            "Content-Type: application/json")).status());
                } catch (IOException lost) {
                    unexpected.incrementAndGet();
                }
            }
        }
    }

    private void count(int status) {
        switch (status) {
            case 401 -> guessed.incrementAndGet();
            case 429 -> throttled.incrementAndGet();
            case 503 -> refused.incrementAndGet();
            default -> unexpected.incrementAndGet();
        }
    }

    /** Guesses answered 401: each cost the service a hash. */
    public long guessed() {
        return guessed.get();
    }

    /** Guesses answered 429, before any hash. */
    public long throttled() {
        return throttled.get();
    }

    /** Guesses answered 503: the hashing queue was full. */
    public long refused() {
        return refused.get();
    }

    public long unexpected() {
        return unexpected.get();
    }

    /** Stops the guessing; each connection finishes the guess it is waiting for. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
