package dev.authservice.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** What the benchmark runs on, and the process statistics it reads from the operating system. */
final class Machine {

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
    static long processCpuNanos(long pid) {
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
    static long jitCompilerCpuNanos(long pid) {
        return threadsCpuNanos(pid, "C1 CompilerThre", "C2 CompilerThre");
    }

    /**
     * CPU time used so far by the threads of a process whose names start with one of {@code prefixes} (as
     * {@code /proc/<pid>/task/<tid>/stat} gives them: at most 15 characters), in nanoseconds; -1 if unreadable. Threads
     * that have ended are not counted.
     */
    static long threadsCpuNanos(long pid, String... prefixes) {
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
    static long machineBusyNanos() {
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

    /** Peak resident set size of a process, in MiB, from {@code /proc/<pid>/status} (VmHWM); NaN if unreadable. */
    static double peakRssMib(long pid) {
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
    static Map<String, String> describe() {
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
        try {
            return Optional.of(Files.readString(file));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }
}
