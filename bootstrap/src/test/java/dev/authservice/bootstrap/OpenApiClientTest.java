package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The OpenAPI description as a client team takes it, checked with the tools such a team uses: Redocly CLI's
 * recommended rules find no error in it, and the TypeScript types openapi-typescript generates from it compile
 * together with a few lines that use them ({@code src/test/openapi-client/client.ts}). The tools come from the npm
 * registry at the exact versions of that folder's {@code package-lock.json}, installed once per run into
 * {@code target/openapi-client}; to move a tool to another version, run
 * {@code npm install --save-exact --ignore-scripts <name>@<version>} in that folder and commit both package files.
 * The description is the file the service serves, read from the classpath.
 * <p>
 * Without {@code node} and {@code npm} the tests are skipped, with {@code CI=true} they fail: CI must run them
 * ({@code .ci/run} installs Debian's nodejs and npm).
 */
class OpenApiClientTest {

    private static final Path SOURCES = Path.of("src", "test", "openapi-client");
    private static final Path WORK = Path.of("target", "openapi-client");
    private static final String SPEC_RESOURCE = "META-INF/swagger/auth-service.yml";
    private static final String SPEC = "auth-service.yml";

    private static boolean nodeAndNpm;

    @BeforeAll
    static void installTheTools() throws Exception {
        nodeAndNpm = runs("node") && runs("npm");
        if (!nodeAndNpm) {
            return; // each test says so (nodeAndNpmThere)
        }
        deleteTree(WORK);
        Files.createDirectories(WORK);
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, WORK.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        try (InputStream spec = OpenApiClientTest.class.getClassLoader().getResourceAsStream(SPEC_RESOURCE)) {
            assertNotNull(spec, SPEC_RESOURCE + " is on the classpath (written by micronaut-openapi in adapters-web)");
            Files.copy(spec, WORK.resolve(SPEC));
        }
        // --ignore-scripts: nothing a package ships runs at install time.
        assertSucceeds("npm-ci", 300, "npm", "ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund");
    }

    @RegisterExtension
    final BeforeEachCallback nodeAndNpmThere = Prerequisite.of(
            "the OpenAPI client tests need node and npm on the PATH (Debian: apt-get install nodejs npm)",
            () -> nodeAndNpm)::require;

    @Test
    void redoclysRecommendedRulesFindNoError() throws Exception {
        assertSucceeds("redocly-lint", 120, tool("redocly"), "lint", "--config", "redocly.yaml", SPEC);
    }

    @Test
    void typeScriptTypesGeneratedFromTheSpecCompileWithCodeThatUsesThem() throws Exception {
        assertSucceeds("openapi-typescript", 120, tool("openapi-typescript"), SPEC, "--output", "auth-service.ts");
        assertSucceeds("tsc", 120, tool("tsc"), "--project", "tsconfig.json");
    }

    private static boolean runs(String command) {
        try {
            Process process = new ProcessBuilder(command, "--version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The command's output goes to {@code target/openapi-client/<step>.log}, and into the failure message. */
    private static void assertSucceeds(String step, int timeoutSeconds, String... command) throws Exception {
        Path log = WORK.resolve(step + ".log");
        ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(WORK.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("NO_COLOR", "1");
        Process process = builder.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail(step + " did not finish in " + timeoutSeconds + " s:\n" + Files.readString(log));
        }
        assertEquals(0, process.exitValue(), step + " failed:\n" + Files.readString(log));
    }

    private static String tool(String name) {
        return WORK.resolve("node_modules").resolve(".bin").resolve(name).toAbsolutePath().toString();
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
