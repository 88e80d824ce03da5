package dev.authservice.benchmarks;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.CpuTime;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.postgres.JdbcRotations;
import dev.authservice.benchmarks.postgres.Postgres;
import dev.authservice.benchmarks.rounds.Meter;
import dev.authservice.benchmarks.rounds.Rounds;
import dev.authservice.benchmarks.rounds.Warmup;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The database's own ceilings for a refresh's rotation, measured each round right after the service's refreshes:
 * pgbench running the session store's statements of a refresh ({@code RotationScript}), then the same script through
 * pgjdbc from this JVM ({@link JdbcRotations}). The log shows each one's CPU per rotation: the machine's for pgbench
 * (PostgreSQL, pgbench and the kernel), this JVM's and the rest's for JDBC.
 */
final class DatabaseCeilings {

    /** The most the JDBC rotations are warmed up. */
    private static final Duration MAX_WARMUP = Duration.ofSeconds(60);

    private final Postgres database;
    private final Options options;
    private final PrintStream progress;
    private final Rounds rounds;
    private final Meter meter;

    DatabaseCeilings(Postgres database, Options options, PrintStream progress, Rounds rounds, Meter meter) {
        this.database = database;
        this.options = options;
        this.progress = progress;
        this.rounds = rounds;
        this.meter = meter;
    }

    /** Round {@code round}'s pgbench run, then its JDBC run. Returns the unexpected answers. */
    long measure(int round) throws IOException, InterruptedException {
        progress.println("round " + round + " pgbench (the session store's statements, RotationScript)");
        Postgres.Pgbench pgbench = database.rotations(options.concurrency(), options.duration().toMillis() / 1000.0);
        double machine = CpuTime.micros(pgbench.machineBusyNanos(), pgbench.transactions());
        progress.printf(Locale.ROOT, "  refresh_db: %.1f/s, %d rotations; cpu per rotation: the machine %.1f us%n",
                pgbench.perSecond(), pgbench.transactions(), machine);
        rounds.add("refresh_db_tps", pgbench.perSecond());
        rounds.add("refresh_db_machine_cpu_us", machine);

        progress.println("round " + round + " the rotation script through pgjdbc");
        try (JdbcRotations chains = JdbcRotations.open(database, options.concurrency())) {
            long databaseCpu = Machine.postgresCpuNanos();
            long machineBusy = Machine.machineBusyNanos();
            ClosedLoop.Run jdbc = ClosedLoop.run(chains.clients(), options.duration());
            long machineBusyNanos = CpuTime.difference(machineBusy, Machine.machineBusyNanos());
            long databaseCpuNanos = CpuTime.difference(databaseCpu, Machine.postgresCpuNanos());
            meter.report("refresh_jdbc", jdbc);
            long rotations = jdbc.succeeded() + jdbc.failed();
            double client = CpuTime.micros(jdbc.cpuNanos(), rotations);
            double rest = CpuTime.micros(machineBusyNanos < 0 ? -1 : machineBusyNanos - jdbc.cpuNanos(), rotations);
            progress.printf(Locale.ROOT, "  cpu per rotation: benchmark JVM %.1f us, the rest of the machine %.1f"
                    + " us%s%n", client, rest, Meter.ofItPostgres(databaseCpuNanos, rotations));
            rounds.add("refresh_jdbc_tps", jdbc.perSecond());
            rounds.add("refresh_jdbc_client_cpu_us", client);
            rounds.add("refresh_jdbc_rest_cpu_us", rest);
            rounds.add("refresh_jdbc_postgres_cpu_us", CpuTime.micros(databaseCpuNanos, rotations));
            return jdbc.failed();
        }
    }

    /**
     * Runs the JDBC rotations, {@code --warmup} at a time, until this JVM's JIT compilers took under
     * {@link Warmup#QUIET_JIT_SHARE} of its CPU in one run (at most {@link #MAX_WARMUP}): the driver's paths get
     * compiled here as the service's own were before its rounds. Returns the unexpected answers.
     */
    long warmUp() throws IOException, InterruptedException {
        long self = ProcessHandle.current().pid();
        long started = System.nanoTime();
        long failed = 0;
        double jitShare;
        do {
            try (JdbcRotations chains = JdbcRotations.open(database, options.concurrency())) {
                long cpu = Machine.processCpuNanos(self);
                long jitCpu = Machine.jitCompilerCpuNanos(self);
                failed += ClosedLoop.run(chains.clients(), options.warmup()).failed();
                jitShare = CpuTime.jitShare(jitCpu, Machine.jitCompilerCpuNanos(self), cpu,
                        Machine.processCpuNanos(self));
            }
            progress.printf(Locale.ROOT, "warmup: the rotation script through pgjdbc, %d ms: JIT compilers %.0f %% of"
                    + " this JVM's CPU%n", options.warmup().toMillis(), 100 * jitShare);
        } while (!(jitShare < Warmup.QUIET_JIT_SHARE) && System.nanoTime() - started < MAX_WARMUP.toNanos());
        return failed;
    }

    /**
     * The most {@code refresh_vs_db} can be on this machine for a refresh over this HTTP server through this JDBC
     * driver. On two saturated cores a rate is 2 s over the CPU one operation costs the whole machine. pgbench's
     * rotation costs it {@code refresh_db_machine_cpu_us}. A refresh costs at least the JDBC run's rotation (this
     * JVM's driver, PostgreSQL and the kernel) plus a ping (the service's and the load generator's share of the least
     * answer this server gives): the ratio of the two, from the medians of the rounds. NaN if a part is unreadable.
     */
    static double refreshVsDbCeiling(Rounds rounds) {
        double floor = 0;
        for (String part : List.of("refresh_jdbc_client_cpu_us", "refresh_jdbc_rest_cpu_us", "ping_service_cpu_us",
                "ping_loadgen_cpu_us")) {
            floor += rounds.median(part);
        }
        return rounds.median("refresh_db_machine_cpu_us") / floor;
    }
}
