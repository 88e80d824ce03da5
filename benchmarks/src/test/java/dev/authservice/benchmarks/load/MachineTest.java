package dev.authservice.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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

    @Test
    void addressesAreReadAsProcNetGivesThem() {
        assertEquals(new InetSocketAddress("127.0.0.1", 8080), Machine.socketAddress("0100007F:1F90"));
        assertEquals(new InetSocketAddress("127.0.0.1", 5432),
                Machine.socketAddress("0000000000000000FFFF00000100007F:1538"), "IPv4 in an IPv6 row");
        assertEquals(new InetSocketAddress("::1", 80), Machine.socketAddress("00000000000000000000000001000000:0050"));
        assertEquals(new InetSocketAddress("10.255.255.53", 53), Machine.socketAddress("35FFFF0A:0035"));
    }

    @Test
    void onlyTheProcesssOwnSocketsOffLoopbackAreListed() {
        Set<String> ours = Set.of("1001", "1002", "1003", "1004");
        String header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout"
                + " inode";

        assertEquals(Optional.empty(), Machine.offLoopback("tcp", header, ours));
        assertEquals(Optional.empty(), Machine.offLoopback("tcp",
                "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 1001", ours),
                "a listener on loopback");
        assertEquals(Optional.empty(), Machine.offLoopback("tcp6", "   1: 0000000000000000FFFF00000100007F:9C4A"
                + " 0000000000000000FFFF00000100007F:1538 01 00000000:00000000 00:00000000 00000000 0 0 1002", ours),
                "a connection to PostgreSQL on loopback");
        assertEquals(Optional.of("udp 10.0.0.5:40000 -> 10.255.255.53:53"), Machine.offLoopback("udp",
                "   2: 0500000A:9C40 35FFFF0A:0035 01 00000000:00000000 00:00000000 00000000 0 0 1003", ours));
        assertEquals(Optional.of("tcp 0.0.0.0:8080 -> 0.0.0.0:0"), Machine.offLoopback("tcp",
                "   3: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 1004", ours),
                "a listener on every address");
        assertEquals(Optional.empty(), Machine.offLoopback("tcp",
                "   4: 00000000:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 2001", ours),
                "another process's");
    }

    @Test
    void aSocketOnEveryAddressIsFoundAndOneOnLoopbackIsNot() throws IOException {
        requireProc();
        try (ServerSocket everywhere = new ServerSocket(0);
             ServerSocket loopback = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<String> outside = Machine.socketsOffLoopback(ProcessHandle.current().pid());

            assertTrue(outside.stream().anyMatch(socket -> socket.contains(":" + everywhere.getLocalPort() + " -> ")),
                    outside.toString());
            assertFalse(outside.stream().anyMatch(socket -> socket.contains(":" + loopback.getLocalPort() + " -> ")),
                    outside.toString());
        }
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
