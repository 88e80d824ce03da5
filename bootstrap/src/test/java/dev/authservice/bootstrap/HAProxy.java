package dev.authservice.bootstrap;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Debian's haproxy in front of instances of the jar, as a deployment balances them: round robin, on 127.0.0.1 and a
 * free port, each instance taken out while its readiness probe (on its management port) does not answer 200.
 * Started with a configuration it writes to {@code directory}; {@link #close} stops it.
 */
final class HAProxy implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/sbin/haproxy");

    static final Prerequisite INSTALLED = Prerequisite.of("the tests of several instances need " + BINARY
            + " (Debian: apt-get install haproxy)", () -> Files.isExecutable(BINARY));

    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

    private final Process process;
    private final Path directory;
    private final int port;

    private HAProxy(Process process, Path directory, int port) {
        this.process = process;
        this.directory = directory;
        this.port = port;
    }

    /** Starts it in front of {@code instances}, already running, and returns once it sees every one ready. */
    static HAProxy start(Path directory, List<ServiceJar> instances) throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        StringBuilder servers = new StringBuilder();
        for (int i = 0; i < instances.size(); i++) {
            servers.append("  server ").append(name(i)).append(" 127.0.0.1:").append(instances.get(i).port())
                    .append(" port ").append(instances.get(i).managementPort()).append('\n');
        }
        Path configuration = Files.writeString(directory.resolve("haproxy.cfg"), """
                global
                  stats socket %1$s/haproxy.sock level admin
                  log stdout format raw local0
                defaults
                  mode http
                  log global
                  option httplog
                  timeout connect 1s
                  timeout client 30s
                  timeout server 30s
                  timeout check 1s
                  # A connection an instance refuses never carried the request, so it goes to the other instance.
                  # Nothing else is retried: a refresh sent twice would be the reuse of a rotated token.
                  retries 3
                  option redispatch 1
                frontend api
                  bind 127.0.0.1:%2$d
                  default_backend instances
                backend instances
                  balance roundrobin
                  option httpchk GET /health/readiness
                  http-check expect status 200
                  default-server check inter 100ms fall 2 rise 2
                %3$s""".formatted(directory, port, servers));
        Process process = new ProcessBuilder(BINARY.toString(), "-db", "-f", configuration.toString())
                .redirectErrorStream(true)
                .redirectOutput(directory.resolve("haproxy.log").toFile())
                .start();
        HAProxy haproxy = new HAProxy(process, directory, port);
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        for (int i = 0; i < instances.size(); i++) {
            while (!haproxy.isUpYet(i)) {
                if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                    throw new AssertionError("haproxy does not see " + name(i) + " ready: " + haproxy.log());
                }
                Thread.sleep(50);
            }
        }
        return haproxy;
    }

    /** A client of the instances through haproxy. */
    Http http() {
        return new Http(URI.create("http://127.0.0.1:" + port));
    }

    /** Whether haproxy sends requests to the {@code index}th instance: its last checks found it ready. */
    boolean isUp(int index) throws IOException {
        Map<String, String> server = stats().get(name(index));
        return server != null && server.get("status").startsWith("UP");
    }

    private boolean isUpYet(int index) {
        try {
            return isUp(index);
        } catch (IOException notListeningYet) {
            return false;
        }
    }

    /** The backend's own line of haproxy's statistics ({@code show stat}): its counters by column name. */
    Map<String, String> backend() throws IOException {
        return stats().get("BACKEND");
    }

    String log() throws IOException {
        return Files.readString(directory.resolve("haproxy.log"));
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }

    private static String name(int index) {
        return "instance" + (index + 1);
    }

    /** Each line of {@code show stat} for the backend of the instances, by server name. */
    private Map<String, Map<String, String>> stats() throws IOException {
        String[] lines = command("show stat").split("\n");
        Map<String, Map<String, String>> servers = new HashMap<>();
        if (lines.length == 0 || !lines[0].startsWith("# ")) {
            return servers;
        }
        String[] columns = lines[0].substring(2).split(",", -1);
        for (int i = 1; i < lines.length; i++) {
            String[] values = lines[i].split(",", -1);
            if (values.length >= columns.length && values[0].equals("instances")) {
                Map<String, String> server = new HashMap<>();
                for (int c = 0; c < columns.length; c++) {
                    server.put(columns[c], values[c]);
                }
                servers.put(values[1], server);
            }
        }
        return servers;
    }

    /** One command on haproxy's administration socket, and its answer; none while it is not yet listening. */
    private String command(String command) throws IOException {
        Path socket = directory.resolve("haproxy.sock");
        if (!Files.exists(socket)) {
            return "";
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.UTF_8)));
            return new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
