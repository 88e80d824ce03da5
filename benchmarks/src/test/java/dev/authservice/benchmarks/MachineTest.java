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
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux only: the benchmark reads /proc");
        long self = ProcessHandle.current().pid();
        String command = ProcessHandle.current().info().command().map(path -> Path.of(path).getFileName().toString())
                .orElse("java");
        burnCpu();
        long ours = Machine.processCpuNanos(self);
        long all = Machine.commandCpuNanos(command);

        assertTrue(ours > 0, "this JVM has used CPU");
        assertTrue(all >= ours, all + " ns for every " + command + " process, " + ours + " ns for this one alone");
    }

    @Test
    void aCommandNothingRunsHasUsedNoCpu() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux only: the benchmark reads /proc");
        assertEquals(0, Machine.commandCpuNanos("no-such-command-"));
    }

    @Test
    void aCommandIsMatchedByItsWholeName() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "Linux only: the benchmark reads /proc");
        String command = ProcessHandle.current().info().command().map(path -> Path.of(path).getFileName().toString())
                .orElse("java");
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

    /** At least one clock tick (10 ms) of CPU, so that this JVM's reading cannot be zero. */
    private static void burnCpu() {
        long until = System.nanoTime() + 50_000_000L;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
