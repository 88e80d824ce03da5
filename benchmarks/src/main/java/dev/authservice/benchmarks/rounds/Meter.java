package dev.authservice.benchmarks.rounds;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.CpuTime;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.load.ServerProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Measured runs of a scenario's clients against a server, each reported with what it cost per answer: the server, its
 * JIT compilers and password-hashing threads, the load generator, PostgreSQL and the rest of the machine. On two
 * saturated cores a scenario's rate is about 2 s / (all of them together), which is what the ratios compare. The JIT
 * compilers' share of the server's CPU says whether the run saw it warm: near 0 % once it is. Printed, and kept per
 * round in {@link Rounds} (for results.json and {@code refresh_vs_db_ceiling}).
 */
public final class Meter {

    /** The threads of the service's {@code Argon2idPasswordHasher}. */
    private static final String HASHING_THREADS = "argon2id-";

    private final PrintStream progress;
    private final Duration duration;
    private final Rounds rounds;

    /** Runs of {@code duration}, reported on {@code progress}, their figures kept in {@code rounds}. */
    public Meter(PrintStream progress, Duration duration, Rounds rounds) {
        this.progress = progress;
        this.duration = duration;
        this.rounds = rounds;
    }

    /**
     * One run of a scenario, reported with what it cost; its rate goes into the rounds as {@code <name>_rps}.
     * {@code onPostgres}: the server's database is PostgreSQL on this machine, whose CPU is then read apart.
     */
    public ClosedLoop.Run measure(String name, List<? extends ClosedLoop.VirtualClient> clients, ServerProcess server,
                                  boolean onPostgres) throws IOException, InterruptedException {
        Measured measured = sample(clients, duration, server, onPostgres);
        record(name, measured);
        return measured.run();
    }

    /** A run of {@code clients} for {@code length}, with what it cost, not yet reported. */
    Measured sample(List<? extends ClosedLoop.VirtualClient> clients, Duration length, ServerProcess server,
                    boolean onPostgres) throws IOException, InterruptedException {
        long serverCpu = Machine.processCpuNanos(server.pid());
        long jitCpu = Machine.jitCompilerCpuNanos(server.pid());
        long hashingCpu = Machine.threadsCpuNanos(server.pid(), HASHING_THREADS);
        // Read outside the machine's busy window, so that scanning /proc is not counted in it.
        long databaseCpu = onPostgres ? Machine.postgresCpuNanos() : Measured.NOT_ON_POSTGRES;
        long machineBusy = Machine.machineBusyNanos();
        ClosedLoop.Run run = ClosedLoop.run(clients, length);
        long machineBusyAfter = Machine.machineBusyNanos();
        long databaseCpuNanos = onPostgres ? CpuTime.difference(databaseCpu, Machine.postgresCpuNanos())
                : Measured.NOT_ON_POSTGRES;
        checkAlive(server);
        long serverCpuAfter = Machine.processCpuNanos(server.pid());
        long jitCpuAfter = Machine.jitCompilerCpuNanos(server.pid());
        return new Measured(run, CpuTime.difference(serverCpu, serverCpuAfter),
                CpuTime.difference(hashingCpu, Machine.threadsCpuNanos(server.pid(), HASHING_THREADS)),
                jitCpuAfter < jitCpu ? -1 : CpuTime.difference(jitCpu, jitCpuAfter),
                CpuTime.difference(machineBusy, machineBusyAfter), databaseCpuNanos);
    }

    /** Reports {@code measured} under {@code name} and puts its figures into the rounds. */
    void record(String name, Measured measured) {
        report(name, measured.run());
        reportCpu(name, measured);
        rounds.add(name + "_rps", measured.run().perSecond());
    }

    /** The rate, latencies and answers of a run, and its first unexpected answer. */
    public void report(String name, ClosedLoop.Run run) {
        progress.printf(Locale.ROOT, "  %s: %.1f/s, p50 %.2f ms, p99 %.2f ms, %d ok, %d failed, benchmark JVM cpu"
                + " %.0f%% of one core%n", name, run.perSecond(), run.percentileMillis(0.5), run.p99Millis(),
                run.succeeded(), run.failed(), 100.0 * run.cpuNanos() / run.elapsedNanos());
        if (run.failed() > 0) {
            progress.println("  first unexpected answer: " + run.failure());
        }
    }

    private void reportCpu(String name, Measured measured) {
        ClosedLoop.Run run = measured.run();
        long answers = run.succeeded() + run.failed();
        double jitShare = CpuTime.jitShare(0, measured.jitCpuNanos(), 0, measured.serviceCpuNanos());
        double service = CpuTime.micros(measured.serviceCpuNanos(), answers);
        double loadgen = CpuTime.micros(run.cpuNanos(), answers);
        double rest = CpuTime.micros(measured.serviceCpuNanos() < 0 || measured.machineBusyNanos() < 0 ? -1
                : measured.machineBusyNanos() - measured.serviceCpuNanos() - run.cpuNanos(), answers);
        // Only logins hash; for them, the service's hashing threads against the raw hashes' cost.
        String hashing = measured.hashingCpuNanos() > 0 ? String.format(Locale.ROOT,
                ", its password-hashing threads %.1f us", CpuTime.micros(measured.hashingCpuNanos(), answers)) : "";
        progress.printf(Locale.ROOT, "  cpu per answer: service %.1f us (JIT compilers %.0f %% of it%s), benchmark JVM"
                + " %.1f us, the rest of the machine %.1f us%s%n", service, 100 * jitShare, hashing, loadgen, rest,
                ofItPostgres(measured.databaseCpuNanos(), answers));
        rounds.add(name + "_service_cpu_us", service);
        rounds.add(name + "_loadgen_cpu_us", loadgen);
        if (measured.databaseCpuNanos() != Measured.NOT_ON_POSTGRES) {
            // Every round, NaN (null in the JSON) when unreadable, so that the n-th value is always round n's.
            rounds.add(name + "_postgres_cpu_us", CpuTime.micros(measured.databaseCpuNanos(), answers));
        }
    }

    /**
     * The part of "the rest of the machine" that PostgreSQL's processes used, so that the database's work is told
     * from the kernel's; empty when none was read (on H2, a database on another machine, or less than a clock tick).
     */
    public static String ofItPostgres(long databaseCpuNanos, long operations) {
        return databaseCpuNanos > 0 ? String.format(Locale.ROOT, " (of it PostgreSQL %.1f us)",
                CpuTime.micros(databaseCpuNanos, operations)) : "";
    }

    static void checkAlive(ServerProcess server) throws IOException {
        if (!server.isAlive()) {
            throw new IOException("the server died (pid " + server.pid() + "):\n" + server.log());
        }
    }
}
