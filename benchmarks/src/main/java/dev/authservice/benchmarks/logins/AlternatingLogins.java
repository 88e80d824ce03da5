package dev.authservice.benchmarks.logins;

import dev.authservice.benchmarks.load.Machine;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The service CPU that two kinds of login cost on one service, measured in alternating batches so that both meet the
 * same JIT and the same load on the machine: a batch of the first kind, then one of the second, as often as asked,
 * the service's CPU time ({@code /proc/<pid>/stat}) read around each. Each batch is shared among {@link #CLIENTS}
 * threads, each making one login at a time.
 */
public final class AlternatingLogins {

    public static final int CLIENTS = 4;

    /** The service CPU of one batch of each kind, in nanoseconds. */
    public record Batch(long firstNanos, long secondNanos) {
    }

    private AlternatingLogins() {
    }

    /**
     * {@code batches} pairs of batches: {@code firstPerBatch} calls of {@code first}, then {@code secondPerBatch} of
     * {@code second}. Each call is given its index among all the calls of its kind (batch after batch, from 0), so
     * that one may use a user of its own.
     */
    public static List<Batch> measure(long pid, int batches, int firstPerBatch, IntConsumer first, int secondPerBatch,
                                      IntConsumer second) throws InterruptedException {
        return measure(pid, batches, Duration.ZERO, firstPerBatch, first, secondPerBatch, second);
    }

    /**
     * As {@link #measure(long, int, int, IntConsumer, int, IntConsumer)}, reading the CPU time {@code settle} after
     * each batch's last answer: the work a request leaves for after its answer is counted in its own batch.
     */
    public static List<Batch> measure(long pid, int batches, Duration settle, int firstPerBatch, IntConsumer first,
                                      int secondPerBatch, IntConsumer second) throws InterruptedException {
        List<Batch> measured = new ArrayList<>();
        for (int batch = 0; batch < batches; batch++) {
            int firstOffset = batch * firstPerBatch;
            int secondOffset = batch * secondPerBatch;
            long before = cpuNanos(pid);
            inParallel(firstPerBatch, i -> first.accept(firstOffset + i));
            Thread.sleep(settle.toMillis());
            long between = cpuNanos(pid);
            inParallel(secondPerBatch, i -> second.accept(secondOffset + i));
            Thread.sleep(settle.toMillis());
            long after = cpuNanos(pid);
            measured.add(new Batch(between - before, after - between));
        }
        return measured;
    }

    /** {@code count} calls of {@code login}, by index, shared among {@link #CLIENTS} threads. */
    public static void inParallel(int count, IntConsumer login) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int client = 0; client < CLIENTS; client++) {
            int first = client;
            Thread thread = new Thread(() -> {
                for (int i = first; i < count; i += CLIENTS) {
                    login.accept(i);
                }
            }, "login-client-" + client);
            thread.setUncaughtExceptionHandler((t, e) -> {
                synchronized (failures) {
                    failures.add(e);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("a login failed", failures.get(0));
        }
    }

    private static long cpuNanos(long pid) {
        long nanos = Machine.processCpuNanos(pid);
        if (nanos < 0) {
            throw new IllegalStateException("the service's CPU time is unreadable (/proc/" + pid + "/stat)");
        }
        return nanos;
    }
}
