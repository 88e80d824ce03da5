package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MachineTest {

    @Test
    void theProcessesOfACommandAddUpToAtLeastThisJvm() {
        requireProc();
        long self = ProcessHandle.current().pid();
        String command = thisJvmsCommand();
        burnCpu();
        long ours = Machine.processCpuNanos(self);
        long all = Machine.commandCpuNanos(command);

        assertTrue(ours > 0, "this JVM has used CPU");
        assertTrue(all >= ours, all + " ns for every " + command + " process, " + ours + " ns for this one alone");
    }

    @Test
    void aCommandNothingRunsHasUsedNoCpu() {
        requireProc();
        assertEquals(0, Machine.commandCpuNanos("no-such-command-"));
    }

    @Test
    void aCommandIsMatchedByItsWholeName() {
        requireProc();
        String command = thisJvmsCommand();
        burnCpu();
        assertEquals(0, Machine.commandCpuNanos(command.substring(0, command.length() - 1)),
                "a prefix of " + command + " names no process");
    }

    @Test
    void aStatCutShortByItsProcessEndingCountsNothingInsteadOfSpoilingTheReading() {
        String whole = "42 (postgres) S 1 42 42 0 -1 4194560 100 0 0 0 7 3 0 0 20 0 1 0 100 0 0";

        assertEquals(10, Machine.ticksIfCounted(whole, "postgres"::equals), "user 7 + system 3 ticks");
        assertEquals(0, Machine.ticksIfCounted(whole, "java"::equals));
        assertEquals(0, Machine.ticksIfCounted("42 (postgres) S 1", "postgres"::equals));
        assertEquals(0, Machine.ticksIfCounted("", "postgres"::equals));
    }

    /**
     * Skips off Linux, where there is no /proc to read; under CI (Linux, {@code CI=true}) a missing /proc fails the
     * test instead, so that these checks can never quietly stop running there.
     */
    private static void requireProc() {
        boolean proc = Files.isDirectory(Path.of("/proc/self/task"));
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertTrue(proc, "CI runs on Linux, and the benchmark reads /proc");
        }
        assumeTrue(proc, "Linux only: the benchmark reads /proc");
    }

    /** The file name of this JVM's executable, as /proc names its process ({@code java}). */
    private static String thisJvmsCommand() {
        return ProcessHandle.current().info().command().map(path -> Path.of(path).getFileName().toString())
                .orElse("java");
    }

    /** At least one clock tick (10 ms) of CPU, so that this JVM's reading cannot be zero. */
    private static void burnCpu() {
        long until = System.nanoTime() + 50_000_000L;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
