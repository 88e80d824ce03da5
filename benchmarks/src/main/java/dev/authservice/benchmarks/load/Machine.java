package dev.authservice.benchmarks.load;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** What the benchmark runs on, and the process statistics it reads from the operating system. */
public final class Machine {

    private Machine() {
    }

    /** CPU time used so far by this JVM (all its threads), in nanoseconds. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /**
     * CPU time used so far by another process (user and system, all threads), in nanoseconds, from
     * {@code /proc/<pid>/stat} in clock ticks (USER_HZ, 100 on Linux); -1 if unreadable.
     */
    public static long processCpuNanos(long pid) {
        try {
            return cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"))) * 10_000_000L;
        } catch (IOException | RuntimeException unreadable) {
            return -1;
        }
    }

    /**
     * CPU time used so far by the JIT compiler threads of another JVM ({@code C1 CompilerThread<n>} and
     * {@code C2 CompilerThread<n>}, as {@code /proc/<pid>/task/<tid>/stat} names them), in nanoseconds; -1 if
     * unreadable. Threads that have ended by then are not counted (HotSpot may end idle compiler threads on machines with
     * more cores; on two it keeps one of each), so a difference of two readings can only err low.
     */
    public static long jitCompilerCpuNanos(long pid) {
        return threadsCpuNanos(pid, "C1 CompilerThre", "C2 CompilerThre");
    }

    /**
     * CPU time used so far by the threads of a process whose names start with one of {@code prefixes} (as
     * {@code /proc/<pid>/task/<tid>/stat} gives them: at most 15 characters), in nanoseconds; -1 if unreadable. Threads
     * that have ended are not counted.
     */
    public static long threadsCpuNanos(long pid, String... prefixes) {
        return cpuNanosOf(Path.of("/proc", Long.toString(pid), "task"),
                name -> Stream.of(prefixes).anyMatch(name::startsWith));
    }

    /**
     * CPU time used so far by every process named exactly {@code command} (PostgreSQL's server, its helpers and its
     * backends are all {@code postgres}; a {@code postgres_exporter} is not), in nanoseconds; -1 if unreadable. A
     * process that ends between two readings takes its time with it, so a difference can only err low (the service's
     * backends live as long as its pooled connections).
     */
    static long commandCpuNanos(String command) {
        return cpuNanosOf(Path.of("/proc"), command::equals);
    }

    /** CPU time used so far by PostgreSQL's processes on this machine, its backends included; -1 if unreadable. */
    public static long postgresCpuNanos() {
        return commandCpuNanos("postgres");
    }

    /**
     * The CPU time of the entries of {@code directory} (/proc or a process's task directory) that are numbered
     * processes or threads whose name, as their {@code stat} gives it, is {@code counted}; -1 if unreadable.
     */
    private static long cpuNanosOf(Path directory, Predicate<String> counted) {
        try (Stream<Path> entries = Files.list(directory)) {
            long ticks = 0;
            for (Path entry : entries.toList()) {
                if (!entry.getFileName().toString().chars().allMatch(Character::isDigit)) {
                    continue;
                }
                ticks += read(entry.resolve("stat")).map(stat -> ticksIfCounted(stat, counted)).orElse(0L);
            }
            return ticks * 10_000_000L;
        } catch (IOException | RuntimeException unreadable) {
            return -1;
        }
    }

    /**
     * The CPU ticks of one {@code stat} if its name is {@code counted}, else 0; 0 too for one cut short by its process
     * ending as it was read, so that one process that ends does not make the whole reading unreadable.
     */
    static long ticksIfCounted(String stat, Predicate<String> counted) {
        int nameStart = stat.indexOf('(');
        int nameEnd = stat.lastIndexOf(')');
        if (nameStart < 0 || nameEnd < nameStart || !counted.test(stat.substring(nameStart + 1, nameEnd))) {
            return 0;
        }
        try {
            return cpuTicks(stat);
        } catch (RuntimeException cutShort) {
            return 0;
        }
    }

    /**
     * CPU time the whole machine has been busy so far, all cores together, in nanoseconds, from the first line of
     * {@code /proc/stat} (user, nice, system, irq and softirq; not idle, I/O wait or the time the hypervisor stole);
     * -1 if unreadable.
     */
    public static long machineBusyNanos() {
        try {
            String[] ticks = Files.readString(Path.of("/proc/stat")).lines().findFirst().orElseThrow()
                    .trim().split("\\s+");
            long busy = 0;
            for (int field : new int[] {1, 2, 3, 6, 7}) {
                busy += Long.parseLong(ticks[field]);
            }
            return busy * 10_000_000L;
        } catch (IOException | RuntimeException unreadable) {
            return -1;
        }
    }

    /** User and system time of a {@code stat} line of /proc, in clock ticks (USER_HZ, 100 on Linux). */
    private static long cpuTicks(String stat) {
        // The command name, in parentheses, may hold spaces; the fields after it are fixed.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /**
     * The sockets of a process whose local or remote address is not loopback, such as
     * {@code "tcp6 10.0.0.5:43210 -> 192.0.2.1:443"}: its descriptors, found in the socket tables of its network
     * namespace ({@code /proc/<pid>/net/tcp}, {@code tcp6}, {@code udp}, {@code udp6}). A listener and an unconnected
     * socket have a remote address of all zeros, and a local address that must be loopback too. What cannot be read is
     * listed as well, so that nothing unread passes for loopback.
     */
    public static List<String> socketsOffLoopback(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> descriptors = Files.list(process.resolve("fd"))) {
            for (Path descriptor : descriptors.toList()) {
                read(descriptor, Files::readSymbolicLink).map(Path::toString)
                        .filter(target -> target.startsWith("socket:["))
                        .ifPresent(target -> inodes.add(target.substring("socket:[".length(), target.length() - 1)));
            }
        } catch (IOException | RuntimeException unreadable) {
            return List.of("unreadable: " + process.resolve("fd") + " (" + unreadable + ")");
        }
        List<String> outside = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            Optional<String> rows = read(process.resolve("net").resolve(table));
            if (rows.isEmpty()) {
                outside.add("unreadable: " + process.resolve("net").resolve(table));
                continue;
            }
            rows.get().lines().skip(1).map(row -> offLoopback(table, row, inodes)).flatMap(Optional::stream)
                    .forEach(outside::add);
        }
        return outside;
    }

    /**
     * One row of a socket table of {@code /proc/net} ({@code sl local_address rem_address st ... uid timeout inode}),
     * described, if its socket is one of {@code inodes} and is not on loopback.
     */
    static Optional<String> offLoopback(String table, String row, Set<String> inodes) {
        String[] fields = row.trim().split("\\s+");
        if (fields.length < 10 || !inodes.contains(fields[9])) {
            return Optional.empty();
        }
        InetSocketAddress local = socketAddress(fields[1]);
        InetSocketAddress remote = socketAddress(fields[2]);
        boolean onLoopback = local.getAddress().isLoopbackAddress()
                && (remote.getAddress().isLoopbackAddress() || remote.getAddress().isAnyLocalAddress());
        return onLoopback ? Optional.empty() : Optional.of(table + " " + local.getAddress().getHostAddress() + ":"
                + local.getPort() + " -> " + remote.getAddress().getHostAddress() + ":" + remote.getPort());
    }

    /**
     * An address and port as {@code /proc/net} gives them: {@code 0100007F:1F90} is 127.0.0.1:8080. The address is in
     * hex, 4 or 16 bytes, each 32-bit word in the machine's byte order (little-endian on x86-64 and AArch64); the
     * port in hex, most significant digit first. An IPv6 row may hold an IPv4 address (::ffff:127.0.0.1), which is
     * taken as that.
     */
    static InetSocketAddress socketAddress(String hex) {
        int colon = hex.indexOf(':');
        byte[] bytes = new byte[colon / 2];
        for (int at = 0; at < bytes.length; at++) {
            int word = at / 4;
            int digits = word * 8 + (3 - at % 4) * 2;
            bytes[at] = (byte) Integer.parseInt(hex.substring(digits, digits + 2), 16);
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(bytes), Integer.parseInt(hex.substring(colon + 1),
                    16));
        } catch (UnknownHostException notFourOrSixteenBytes) {
            throw new IllegalArgumentException("not an address of /proc/net: " + hex, notFourOrSixteenBytes);
        }
    }

    /** Peak resident set size of a process, in MiB, from {@code /proc/<pid>/status} (VmHWM); NaN if unreadable. */
    public static double peakRssMib(long pid) {
        return procStatusKib(pid, "VmHWM:").map(kib -> kib / 1024.0).orElse(Double.NaN);
    }

    private static Optional<Long> procStatusKib(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field)) {
                    return Optional.of(Long.parseLong(line.substring(field.length()).trim().split("\\s+")[0]));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // not Linux, or the process is gone
        }
        return Optional.empty();
    }

    /** nproc, CPU model, memory, operating system, JDK and the load average when the benchmark started. */
    public static Map<String, String> describe() {
        Map<String, String> machine = new LinkedHashMap<>();
        machine.put("nproc", Integer.toString(Runtime.getRuntime().availableProcessors()));
        machine.put("cpu", firstValue(Path.of("/proc/cpuinfo"), "model name").orElse(System.getProperty("os.arch")));
        machine.put("memory_mib", firstValue(Path.of("/proc/meminfo"), "MemTotal")
                .map(kib -> Long.toString(Long.parseLong(kib.split("\\s+")[0]) / 1024)).orElse("unknown"));
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version"));
        machine.put("java_home", System.getProperty("java.home"));
        machine.put("loadavg_at_start", read(Path.of("/proc/loadavg"))
                .map(text -> String.join(" ", List.of(text.trim().split("\\s+")).subList(0, 3))).orElse("unknown"));
        return machine;
    }

    private static Optional<String> firstValue(Path file, String key) {
        return read(file).flatMap(text -> text.lines()
                .filter(line -> line.startsWith(key))
                .map(line -> line.substring(line.indexOf(':') + 1).trim())
                .findFirst());
    }

    private static Optional<String> read(Path file) {
        return read(file, Files::readString);
    }

    /** What {@code reader} makes of {@code file}; empty if it cannot be read (it may be gone). */
    private static <T> Optional<T> read(Path file, Reader<T> reader) {
        try {
            return Optional.of(reader.read(file));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    private interface Reader<T> {
        T read(Path file) throws IOException;
    }
}
