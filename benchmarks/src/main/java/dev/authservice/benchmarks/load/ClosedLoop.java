package dev.authservice.benchmarks.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A closed-loop load generator: N virtual clients, each on its own thread and its own connection, each sending its
 * next request as soon as the answer to the previous one has arrived, until the duration has passed. Every client
 * completes at least one request, and the request in flight at the deadline is counted, so the rate is the completed
 * requests over the time from the start to the last answer.
 */
public final class ClosedLoop {

    /** One virtual client. {@link #call()} sends one request and says whether the answer was the expected one. */
    public interface VirtualClient {
        boolean call() throws IOException;

        /** A description of the last unexpected answer, for the error report. */
        default String lastFailure() {
            return "";
        }
    }

    /** What one run measured. Latencies are sorted, in nanoseconds, of the expected answers only. */
    public record Run(long succeeded, long failed, long elapsedNanos, long[] latencies, long cpuNanos, String failure) {

        /** This run and {@code next} as one: their answers, their time and their latencies together. */
        public Run plus(Run next) {
            long[] both = Arrays.copyOf(latencies, latencies.length + next.latencies.length);
            System.arraycopy(next.latencies, 0, both, latencies.length, next.latencies.length);
            Arrays.sort(both);
            return new Run(succeeded + next.succeeded, failed + next.failed, elapsedNanos + next.elapsedNanos, both,
                    cpuNanos + next.cpuNanos, failure.isEmpty() ? next.failure : failure);
        }

        public double perSecond() {
            return succeeded * 1e9 / elapsedNanos;
        }

        public double p99Millis() {
            return percentileMillis(0.99);
        }

        public double percentileMillis(double quantile) {
            if (latencies.length == 0) {
                return Double.NaN;
            }
            int index = (int) Math.ceil(quantile * latencies.length) - 1;
            return latencies[Math.max(0, Math.min(latencies.length - 1, index))] / 1e6;
        }
    }

    private ClosedLoop() {
    }

    public static Run run(List<? extends VirtualClient> clients, Duration duration) throws InterruptedException {
        int n = clients.size();
        CountDownLatch ready = new CountDownLatch(n);
        CountDownLatch go = new CountDownLatch(1);
        long[] startAndDeadline = new long[2];
        long[] lastAnswer = new long[n];
        long[] succeeded = new long[n];
        long[] failed = new long[n];
        long[][] latencies = new long[n][];
        int[] latencyCount = new int[n];
        AtomicReference<String> failure = new AtomicReference<>("");
        List<Thread> threads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int id = i;
            VirtualClient client = clients.get(i);
            Thread thread = new Thread(() -> {
                long[] own = new long[1 << 14];
                int count = 0;
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                long deadline = startAndDeadline[1];
                long now;
                do {
                    long sent = System.nanoTime();
                    boolean ok;
                    try {
                        ok = client.call();
                    } catch (IOException | RuntimeException e) {
                        ok = false;
                        failure.compareAndSet("", e.toString());
                    }
                    now = System.nanoTime();
                    if (ok) {
                        if (count == own.length) {
                            own = Arrays.copyOf(own, count * 2);
                        }
                        own[count++] = now - sent;
                        succeeded[id]++;
                    } else {
                        failed[id]++;
                        failure.compareAndSet("", client.lastFailure());
                    }
                } while (now < deadline);
                lastAnswer[id] = now;
                latencies[id] = own;
                latencyCount[id] = count;
            }, "virtual-client-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        ready.await();
        long cpuBefore = Machine.processCpuNanos();
        startAndDeadline[0] = System.nanoTime();
        startAndDeadline[1] = startAndDeadline[0] + duration.toNanos();
        go.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        long cpu = Machine.processCpuNanos() - cpuBefore;

        long end = Arrays.stream(lastAnswer).max().orElse(startAndDeadline[0]);
        int total = Arrays.stream(latencyCount).sum();
        long[] all = new long[total];
        int at = 0;
        for (int i = 0; i < n; i++) {
            System.arraycopy(latencies[i], 0, all, at, latencyCount[i]);
            at += latencyCount[i];
        }
        Arrays.sort(all);
        return new Run(Arrays.stream(succeeded).sum(), Arrays.stream(failed).sum(),
                Math.max(1, end - startAndDeadline[0]), all, cpu, failure.get());
    }
}
