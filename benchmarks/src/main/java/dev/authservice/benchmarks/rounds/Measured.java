package dev.authservice.benchmarks.rounds;

import dev.authservice.benchmarks.load.ClosedLoop;

/**
 * A run and the CPU it cost, in nanoseconds: -1 where a reading failed, and the database's {@link #NOT_ON_POSTGRES}
 * where there is no PostgreSQL to read.
 */
record Measured(ClosedLoop.Run run, long serviceCpuNanos, long hashingCpuNanos, long jitCpuNanos,
                long machineBusyNanos, long databaseCpuNanos) {

    /** In place of PostgreSQL's CPU time on H2, where there is none to read (unlike -1: a reading that failed). */
    static final long NOT_ON_POSTGRES = Long.MIN_VALUE;

    /** This and {@code next} as one run: their answers, time and costs together. */
    Measured plus(Measured next) {
        return new Measured(run.plus(next.run), sum(serviceCpuNanos, next.serviceCpuNanos),
                sum(hashingCpuNanos, next.hashingCpuNanos), sum(jitCpuNanos, next.jitCpuNanos),
                sum(machineBusyNanos, next.machineBusyNanos), databaseCpuNanos == NOT_ON_POSTGRES
                ? NOT_ON_POSTGRES : sum(databaseCpuNanos, next.databaseCpuNanos));
    }

    private static long sum(long a, long b) {
        return a < 0 || b < 0 ? -1 : a + b;
    }
}
