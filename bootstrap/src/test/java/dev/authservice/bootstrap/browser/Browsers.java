package dev.authservice.bootstrap.browser;

import dev.authservice.bootstrap.Prerequisite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts Debian's Chromium for a test ({@link #open}), saves a screenshot of every window under
 * {@code target/browser-screenshots/} when the test fails, and closes the browsers after it.
 * <p>
 * Without {@code /usr/bin/chromium} or {@code /usr/bin/chromedriver} a test is skipped, with {@code CI=true} it
 * fails: CI must run the browser tests ({@code .ci/run} installs both). A browser that is there but does not start
 * fails the test everywhere.
 */
final class Browsers implements BeforeEachCallback, AfterTestExecutionCallback, AfterEachCallback {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path FAILURE_SCREENSHOTS = Path.of("target", "browser-screenshots");

    private final List<Browser> open = new ArrayList<>();

    private static final Prerequisite CHROMIUM_AND_DRIVER = Prerequisite.of("the browser tests need " + CHROMIUM
            + " and " + CHROMEDRIVER + " (Debian: apt-get install chromium chromium-driver)",
            () -> Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER));

    @Override
    public void beforeEach(ExtensionContext context) {
        CHROMIUM_AND_DRIVER.require(context);
    }

    /** A new Chromium with a fresh profile, its first window at {@code base}. */
    Browser open(URI base) {
        Browser browser = Browser.start(base);
        open.add(browser);
        return browser;
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        if (context.getExecutionException().isEmpty()) {
            return;
        }
        String name = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        try {
            Files.createDirectories(FAILURE_SCREENSHOTS);
            for (int i = 0; i < open.size(); i++) {
                open.get(i).screenshotEveryWindow(FAILURE_SCREENSHOTS, name + "-browser" + (i + 1));
            }
        } catch (IOException | RuntimeException e) {
            // The test's own failure is what matters; a screenshot that cannot be taken must not hide it.
            context.getExecutionException().get().addSuppressed(e);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        open.forEach(Browser::close);
        open.clear();
    }

    static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
