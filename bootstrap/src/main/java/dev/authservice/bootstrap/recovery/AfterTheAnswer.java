package dev.authservice.bootstrap.recovery;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where an anonymous request's work that depends on who it names runs: on the blocking pool, {@link #DELAY} after the
 * request, once its answer has left. Begun at once, it would share the CPU with the answer's last steps, and an answer
 * naming an account would come measurably later than one naming none on a busy machine
 * (PasswordResetTimingHttpTest). The work has no caller to fail: its failure is logged, without the trace, which may
 * carry the request's data, and the user may ask again.
 */
final class AfterTheAnswer {

    /** Many times what writing an answer takes, little beside a mail's way to its reader. */
    static final Duration DELAY = Duration.ofMillis(200);

    private static final Logger LOG = LoggerFactory.getLogger(AfterTheAnswer.class);

    private AfterTheAnswer() {
    }

    /** @param what the request, as the log line names it: "A password-reset request" */
    static Executor on(ExecutorService blocking, String what) {
        Executor logged = task -> blocking.execute(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.warn("{} could not be carried out: {}", what, e.getClass().getName());
            }
        });
        return CompletableFuture.delayedExecutor(DELAY.toMillis(), TimeUnit.MILLISECONDS, logged);
    }
}
