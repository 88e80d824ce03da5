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

    /** At least one clock tick (10 ms) of CPU, so that this JVM's reading cannot be zero. */
    private static void burnCpu() {
        long until = System.nanoTime() + 50_000_000L;
        long spins = 0;
        while (System.nanoTime() < until) {
            spins++;
        }
        assertTrue(spins > 0);
    }
}
