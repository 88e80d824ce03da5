package dev.authservice.benchmarks.rounds;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.CpuTime;
import dev.authservice.benchmarks.load.Machine;
import dev.authservice.benchmarks.load.ServerProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Unmeasured runs before the measured ones, a turn of every scenario at a time, until in one whole turn the server's
 * JIT compilers used less than {@link #QUIET_JIT_SHARE} of its CPU: a path is compiled only after thousands of calls,
 * and with a warm-up of 3 s per scenario the compilers still took 18 to 30 % of the service's CPU in the first round
 * (docs/benchmarks/README.md, "How it measures").
 */
public final class Warmup {

    public static final double QUIET_JIT_SHARE = 0.05;
    public static final Duration MAX_DURATION = Duration.ofSeconds(120);

    private final PrintStream progress;

    public Warmup(PrintStream progress) {
        this.progress = progress;
    }

    /**
     * Turns of every scenario, {@code slice} each, until the JIT is quiet or {@link #MAX_DURATION} has passed; returns
     * the unexpected answers.
     */
    public long warmUp(Map<String, List<? extends ClosedLoop.VirtualClient>> scenarios, Duration slice,
                       ServerProcess server) throws IOException, InterruptedException {
        long failed = 0;
        long started = System.nanoTime();
        Turn turn;
        int turns = 0;
        do {
            turn = turn(scenarios.values(), slice, server);
            failed += turn.failed();
            progress.printf(Locale.ROOT, "warmup turn %d (%s, %d ms each): JIT compilers %.0f %% of the service's"
                    + " CPU%n", ++turns, String.join(", ", scenarios.keySet()), slice.toMillis(),
                    100 * turn.jitShare());
        } while (!(turn.jitShare() < QUIET_JIT_SHARE) && System.nanoTime() - started < MAX_DURATION.toNanos());
        if (!(turn.jitShare() < QUIET_JIT_SHARE)) {
            progress.println("warmup: stopped at " + MAX_DURATION.toSeconds()
                    + " s, the JIT not quiet (or unreadable)");
        }
        return failed;
    }

    /** Each scenario for {@code slice}, one after the other, unmeasured but for the JIT's share. */
    public Turn turn(Collection<? extends List<? extends ClosedLoop.VirtualClient>> scenarios, Duration slice,
                     ServerProcess server) throws IOException, InterruptedException {
        long serverCpu = Machine.processCpuNanos(server.pid());
        long jitCpu = Machine.jitCompilerCpuNanos(server.pid());
        List<ClosedLoop.Run> runs = new ArrayList<>();
        for (var scenario : scenarios) {
            ClosedLoop.Run run = ClosedLoop.run(scenario, slice);
            Meter.checkAlive(server);
            if (run.failed() > 0) {
                progress.println("  first unexpected answer: " + run.failure());
            }
            runs.add(run);
        }
        return new Turn(runs, CpuTime.jitShare(jitCpu, Machine.jitCompilerCpuNanos(server.pid()), serverCpu,
                Machine.processCpuNanos(server.pid())));
    }

    /** The unmeasured runs of one turn, and the share of the server's CPU its JIT compilers took in it. */
    public record Turn(List<ClosedLoop.Run> runs, double jitShare) {

        public long failed() {
            return runs.stream().mapToLong(ClosedLoop.Run::failed).sum();
        }
    }
}
