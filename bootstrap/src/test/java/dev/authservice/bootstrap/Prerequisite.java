package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tool that some tests need and a machine may lack (Chromium, node). Without it each such test is skipped, and
 * once all the tests have run one warning says how many did not run, why and how to make them run, just above
 * Surefire's summary, which counts them as skipped and says no more. With {@code CI=true} they fail instead: CI must
 * run them ({@code .ci/run} installs the tools).
 */
public final class Prerequisite {

    private static final Logger LOG = LoggerFactory.getLogger(Prerequisite.class);

    private final String needed;
    private final BooleanSupplier present;

    private Prerequisite(String needed, BooleanSupplier present) {
        this.needed = needed;
        this.present = present;
    }

    /** @param needed what the tests need and how to get it, as the warning says it */
    public static Prerequisite of(String needed, BooleanSupplier present) {
        return new Prerequisite(needed, present);
    }

    /** Returns if the tool is there; otherwise skips the running test, counted for the warning, or fails it in CI. */
    public void require(ExtensionContext test) {
        if (present.getAsBoolean()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(needed + "; under CI=true these tests must run");
        }
        test.getRoot().getStore(ExtensionContext.Namespace.create(Prerequisite.class))
                .getOrComputeIfAbsent(needed, Skipped::new, Skipped.class).add(test.getRequiredTestClass());
        Assumptions.abort("Skipped: " + needed);
    }

    /** Closed by JUnit once all the tests have run, so its warning comes just before Surefire's summary. */
    private static final class Skipped implements AutoCloseable {

        private final String needed;
        private final Set<Class<?>> classes = new HashSet<>();
        private int tests;

        Skipped(String needed) {
            this.needed = needed;
        }

        void add(Class<?> testClass) {
            classes.add(testClass);
            tests++;
        }

        @Override
        public void close() {
            LOG.warn("{} tests in {} classes did not run: {}", tests, classes.size(), needed);
        }
    }
}
