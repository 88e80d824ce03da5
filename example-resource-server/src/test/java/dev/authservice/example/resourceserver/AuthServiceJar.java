package dev.authservice.example.resourceserver;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * auth-service as its users run it: the packaged {@code bootstrap/target/auth-service.jar}, started with
 * {@code java -jar} in a directory of the test's (its H2 database and its log go there), in the dev environment (the
 * demo users), signing with ES256. It keeps its loopback ports over restarts, so the JWKS URL a resource server was
 * given stays the same, as a deployment's address does.
 */
final class AuthServiceJar implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Path directory;
    private final int port = freePort();
    private final int managementPort = freePort();
    private final HttpClient http = HttpClient.newHttpClient();
    private Process process;

    AuthServiceJar(Path directory) {
        this.directory = directory;
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** Starts it with {@code keys}, the environment variables of docs/keys.md, and returns once it answers. */
    void start(Map<String, String> keys) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("auth.jar", "../bootstrap/target/auth-service.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new AssertionError("build auth-service first (./mvnw -B package -pl bootstrap -am): " + jar);
        }
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString())
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()));
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("MICRONAUT_") || name.startsWith("AUTH_")
                || name.startsWith("DATASOURCES_"));
        environment.put("MICRONAUT_ENVIRONMENTS", "dev");
        environment.put("AUTH_JWT_ALGORITHM", "ES256");
        environment.put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        environment.put("AUTH_MANAGEMENT_PORT", Integer.toString(managementPort));
        environment.putAll(keys);
        process = builder.start();

        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (!answers()) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                throw new AssertionError("auth-service did not start: " + Files.readString(log()));
            }
            Thread.sleep(100);
        }
    }

    /** Stops it and starts it again with {@code keys}, as an operator restarts an instance. */
    void restart(Map<String, String> keys) throws IOException, InterruptedException {
        close();
        start(keys);
    }

    /** SIGTERM, and wait until it has shut down. */
    @Override
    public void close() throws InterruptedException {
        if (process != null) {
            process.destroy();
            process.waitFor();
            process = null;
        }
    }

    private boolean answers() throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(uri("/health")).build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode() == 200;
        } catch (IOException notListeningYet) {
            return false;
        }
    }

    private Path log() {
        return directory.resolve("auth-service.log");
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }
}
