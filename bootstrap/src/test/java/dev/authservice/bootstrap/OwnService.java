package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.bootstrap.configuration.MisconfigurationException;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A service of one test's own, started in the test's JVM with settings no shared test context has, and stopped after
 * it: several configurations in one test class.
 */
final class OwnService {

    private OwnService() {
    }

    /** Runs {@code test} against the service started with {@code properties}, in {@code test} and {@code more}. */
    static void with(Map<String, Object> properties, Consumer<EmbeddedServer> test, String... more) {
        EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, properties,
                Stream.concat(Stream.of(Environment.TEST), Stream.of(more)).toArray(String[]::new));
        try {
            test.accept(server);
        } finally {
            server.getApplicationContext().close();
        }
    }

    /** The refusal a start with {@code properties} ends in, found among the causes as AuthServiceApplication does. */
    static MisconfigurationException refusedStart(Map<String, Object> properties) {
        RuntimeException failed = assertThrows(RuntimeException.class, () -> with(properties, server -> { }),
                "started with " + properties);
        for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
            if (cause instanceof MisconfigurationException misconfiguration) {
                return misconfiguration;
            }
        }
        throw new AssertionError("no refusal to start among the causes", failed);
    }

    /** A port free now, for a listener whose number the test must know before the service starts. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
