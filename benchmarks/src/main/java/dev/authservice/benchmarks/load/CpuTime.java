package dev.authservice.benchmarks.load;

/**
 * Arithmetic on the CPU times {@link Machine} reads, where -1 is a reading that failed: whatever is made of a failed
 * reading fails too, so that it never passes for a small number.
 */
public final class CpuTime {

    private CpuTime() {
    }

    /** {@code after - before}, or -1 when either reading failed. */
    public static long difference(long before, long after) {
        return before < 0 || after < 0 ? -1 : after - before;
    }

    /** CPU time per operation in microseconds; NaN when the time was unreadable (negative). */
    public static double micros(long nanos, long operations) {
        return nanos < 0 ? Double.NaN : nanos / 1e3 / Math.max(1, operations);
    }

    /**
     * The JIT compilers' share of a process's CPU between two readings of each; NaN where a reading failed or the
     * compilers' total fell (a compiler thread exited and took its CPU time with it), so that an unreadable share is
     * never taken for a quiet one.
     */
    public static double jitShare(long jitBefore, long jitAfter, long processBefore, long processAfter) {
        if (jitBefore < 0 || jitAfter < jitBefore || processBefore < 0 || processAfter <= processBefore) {
            return Double.NaN;
        }
        return (double) (jitAfter - jitBefore) / (processAfter - processBefore);
    }
}
