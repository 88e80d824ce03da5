package dev.authservice.benchmarks.load;

/**
 * A server the benchmark started and measures from outside: its process, whose CPU time {@code /proc} gives, whether
 * it still runs, and the end of its log for when it answered what it should not have.
 */
public interface ServerProcess {

    long pid();

    boolean isAlive();

    String log();
}
