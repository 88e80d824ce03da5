package dev.authservice.bootstrap.http;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How many connections the API's port may hold open ({@code auth.http.max-connections}): by default as many as the
 * process's file descriptors leave once the rest of the process is provided for, so that a flood of connections
 * takes neither the database pool's connections, nor the management port's probes, nor the files the JVM opens; one
 * more and the operating system refuses them all alike. A configured cap above that is refused: it would be no cap.
 *
 * @param maxConnections the cap
 * @param reason         how it was reached, for the log at start
 */
record ConnectionCap(int maxConnections, String reason) {

    /** Connections the management port may need at once: the probes and a scrape of the metrics, with room. */
    static final int MANAGEMENT_PORT = 16;
    /**
     * The JVM's own descriptors beside its event loops': its jar and modules file, the log, H2's files, the listening
     * sockets; about 30 in all at rest, measured.
     */
    static final int JVM = 64;
    /** Each Netty event loop holds two, its epoll and its eventfd, and Micronaut runs two loops per core. */
    static final int PER_CORE = 4;
    /** Where the JVM reports no limit (not a Unix), as many as a Linux machine tuned for servers commonly allows. */
    static final int WITHOUT_A_LIMIT = 10_000;

    static final String KEY = "auth.http.max-connections (AUTH_HTTP_MAX_CONNECTIONS)";

    /**
     * The cap under {@code fileDescriptorLimit} (none where the JVM reports none), with a database pool of
     * {@code databasePool} connections on {@code cores} cores: {@code configured} if there is one.
     *
     * @throws MisconfigurationException if the limit leaves no room for connections, or less than {@code configured}
     */
    static ConnectionCap of(OptionalLong fileDescriptorLimit, int databasePool, int cores,
                            Optional<Integer> configured) {
        if (fileDescriptorLimit.isEmpty()) {
            return configured.map(cap -> new ConnectionCap(cap, "at most " + cap + " connections (" + KEY + ")"))
                    .orElseGet(() -> new ConnectionCap(WITHOUT_A_LIMIT, "at most " + WITHOUT_A_LIMIT
                            + " connections: the JVM reports no file-descriptor limit"));
        }
        long limit = fileDescriptorLimit.getAsLong();
        int jvm = JVM + PER_CORE * cores;
        int reserve = databasePool + MANAGEMENT_PORT + jvm;
        int room = (int) Math.min(Integer.MAX_VALUE, limit - reserve);
        String kept = reserve + " kept for the database pool (" + databasePool + "), the management port ("
                + MANAGEMENT_PORT + ") and the JVM (" + jvm + ")";
        if (room < 1) {
            throw new MisconfigurationException("the file-descriptor limit is " + limit + ", which leaves no room for "
                    + "connections after the " + kept + ": raise it (ulimit -n) above " + reserve);
        }
        if (configured.isEmpty()) {
            return new ConnectionCap(room, "at most " + room + " connections: the file-descriptor limit is " + limit
                    + ", less " + kept);
        }
        int cap = configured.get();
        if (cap > room) {
            throw new MisconfigurationException(KEY + " is " + cap + ", but the file-descriptor limit of " + limit
                    + " leaves room for " + room + " connections after the " + kept
                    + ": lower it, or raise the limit (ulimit -n)");
        }
        return new ConnectionCap(cap, "at most " + cap + " connections (" + KEY + "); the file-descriptor limit of "
                + limit + " leaves room for " + room);
    }

    /** The limit on this process's open files, where the JVM reports one. */
    static OptionalLong fileDescriptorLimitOfThisProcess() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                && unix.getMaxFileDescriptorCount() > 0) {
            return OptionalLong.of(unix.getMaxFileDescriptorCount());
        }
        return OptionalLong.empty();
    }
}
