package dev.authservice.benchmarks.rounds;

import dev.authservice.benchmarks.load.ClosedLoop;
import dev.authservice.benchmarks.load.ServerProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario on several servers, each server's run cut in {@link #COUNT} slices taken in turn with the others' (A B
 * C A B C A B C): the same Argon2 work took 21 to 26 ms a login from one run to the next, seconds apart, so a ratio of
 * two runs one after the other measured the machine as much as the servers (docs/benchmarks/history.md).
 */
public final class Slices {

    public static final int COUNT = 3;

    /** One server's part: its figure's name, its process, whether its database is PostgreSQL here, its clients. */
    public record Part(String name, ServerProcess server, boolean onPostgres,
                       List<? extends ClosedLoop.VirtualClient> clients) {
    }

    private final Meter meter;
    private final Rounds rounds;

    public Slices(Meter meter, Rounds rounds) {
        this.meter = meter;
        this.rounds = rounds;
    }

    /**
     * The parts in {@link #COUNT} slices of {@code slice} each, taken in the order of {@code parts}, each part's
     * slices added up into one run and recorded under its name, its p99 too, so that the servers' figures come from
     * the same stretch of time. Returns the unexpected answers.
     */
    public long measure(List<Part> parts, Duration slice) throws IOException, InterruptedException {
        Map<Part, Measured> measured = new LinkedHashMap<>();
        for (int each = 0; each < COUNT; each++) {
            for (Part part : parts) {
                measured.merge(part, meter.sample(part.clients(), slice, part.server(), part.onPostgres()),
                        Measured::plus);
            }
        }
        long failed = 0;
        for (Part part : parts) {
            meter.record(part.name(), measured.get(part));
            rounds.add(part.name() + "_p99_ms", measured.get(part).run().p99Millis());
            failed += measured.get(part).run().failed();
        }
        return failed;
    }

    /**
     * The order in which round {@code round} (from 1) measures the servers, one after another on each scenario: each
     * round starts one further along, so that over the rounds none always runs first or after the same neighbour.
     */
    public static <T> List<T> inTurn(List<T> servers, int round) {
        List<T> order = new ArrayList<>(servers);
        Collections.rotate(order, 1 - round);
        return order;
    }
}
