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

/**
 * The client tools of {@code src/test/openapi-client} as a client team has them, for the OpenAPI client tests
 * ({@link OpenApiClientTest}, {@link OpenApiSecondFactorClientTest}): that folder and the OpenAPI description the
 * service serves (read from the classpath) copied into {@code target/openapi-client/<test class>}, and the tools
 * installed there from the npm registry at the exact versions of the folder's {@code package-lock.json}. Each test
 * class has a directory of its own, since the test classes run in several JVMs at once. To move a tool to another
 * version, run {@code npm install --save-exact --ignore-scripts <name>@<version>} in that folder and commit both
 * package files.
 * <p>
 * Without {@code node} and {@code npm} nothing is installed and {@link #NODE_AND_NPM} skips the tests; with
 * {@code CI=true} it fails them: CI must run them ({@code .ci/run} installs Debian's nodejs and npm).
 */
final class OpenApiClientFolder {

    /** For a test class's {@code @RegisterExtension}: each test needs node and npm. */
    static final Prerequisite NODE_AND_NPM = Prerequisite.of(
            "the OpenAPI client tests need node and npm on the PATH (Debian: apt-get install nodejs npm)",
            OpenApiClientFolder::nodeAndNpm);

    /** The OpenAPI description as the tools read it, in the folder. */
    static final String SPEC = "auth-service.yml";

    private static final Path SOURCES = Path.of("src", "test", "openapi-client");
    private static final String SPEC_RESOURCE = "META-INF/swagger/auth-service.yml";

    private static Boolean nodeAndNpm;

    private final Path work;

    private OpenApiClientFolder(Path work) {
        this.work = work;
    }

    /** A fresh folder of {@code testClass}'s with the tools installed; when node or npm is missing, nothing. */
    static OpenApiClientFolder installFor(Class<?> testClass) throws Exception {
        OpenApiClientFolder folder = new OpenApiClientFolder(Path.of("target", "openapi-client",
                testClass.getSimpleName()));
        if (nodeAndNpm()) {
            folder.install();
        }
        return folder;
    }

    private static synchronized boolean nodeAndNpm() {
        if (nodeAndNpm == null) {
            nodeAndNpm = runs("node") && runs("npm");
        }
        return nodeAndNpm;
    }

    private void install() throws Exception {
        deleteTree(work);
        Files.createDirectories(work);
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, work.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        try (InputStream spec = OpenApiClientFolder.class.getClassLoader().getResourceAsStream(SPEC_RESOURCE)) {
            assertNotNull(spec, SPEC_RESOURCE + " is on the classpath (written by micronaut-openapi in adapters-web)");
            Files.copy(spec, work.resolve(SPEC));
        }
        // --ignore-scripts: nothing a package ships runs at install time.
        assertSucceeds("npm-ci", 300, "npm", "ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund");
    }

    /** The TypeScript types openapi-typescript generates from the description, written to {@code auth-service.ts}. */
    void generateTypes() throws Exception {
        assertSucceeds("openapi-typescript", 120, tool("openapi-typescript"), SPEC, "--output", "auth-service.ts");
    }

    /**
     * Runs {@code command} in the folder and asserts it ends with exit code 0. Its output goes to
     * {@code <step>.log} there, and into the failure message.
     */
    void assertSucceeds(String step, int timeoutSeconds, String... command) throws Exception {
        Path log = work.resolve(step + ".log");
        ProcessBuilder builder = new ProcessBuilder(List.of(command)).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("NO_COLOR", "1");
        Process process = builder.start();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail(step + " did not finish in " + timeoutSeconds + " s:\n" + Files.readString(log));
        }
        assertEquals(0, process.exitValue(), step + " failed:\n" + Files.readString(log));
    }

    /** The path of an installed tool's command, for {@link #assertSucceeds}. */
    String tool(String name) {
        return work.resolve("node_modules").resolve(".bin").resolve(name).toAbsolutePath().toString();
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
