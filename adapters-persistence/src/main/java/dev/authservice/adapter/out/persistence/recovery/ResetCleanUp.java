package dev.authservice.adapter.out.persistence.recovery;

import dev.authservice.application.mailedtoken.port.out.MailedTokenStore;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.domain.recovery.ResetRequestLimit;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.function.IntUnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the password-reset tables from growing without end: every {@code auth.password-reset.cleanup.interval} it
 * forgets the tokens that have expired (an expired token is refused whatever its state) and the requests that left
 * the limits' window, a batch per statement, so that no statement holds its locks for long. With several instances
 * each may do a round; a row forgotten twice is forgotten once.
 * <p>
 * It runs where the limits are configured ({@link ResetRequestLimit} is a bean), as the service's wiring makes them:
 * the application contexts of this module's tests make none, and no round runs behind their backs.
 */
@Singleton
@Requires(beans = ResetRequestLimit.class)
class ResetCleanUp {

    private static final Logger LOG = LoggerFactory.getLogger(ResetCleanUp.class);

    private final MailedTokenStore tokens;
    private final ResetRequestLog requests;
    private final ResetRequestLimit limit;
    private final int batchSize;
    private final Clock clock;

    @Inject
    ResetCleanUp(MailedTokenStore tokens, ResetRequestLog requests, ResetRequestLimit limit, Clock clock) {
        this(tokens, requests, limit, 1_000, clock);
    }

    /** With a batch of {@code batchSize}: a test's smaller one shows the batches. */
    ResetCleanUp(MailedTokenStore tokens, ResetRequestLog requests, ResetRequestLimit limit, int batchSize,
                 Clock clock) {
        this.tokens = tokens;
        this.requests = requests;
        this.limit = limit;
        this.batchSize = batchSize;
        this.clock = clock;
    }

    @Scheduled(initialDelay = "1m", fixedDelay = "${auth.password-reset.cleanup.interval:15m}")
    void run() {
        Instant now = clock.instant();
        int forgotten = forgetOldBy(now);
        if (forgotten > 0) {
            LOG.info("Forgot {} expired password-reset tokens and requests out of the window", forgotten);
        }
    }

    /** Batch after batch until none is left; returns how many rows were forgotten. */
    int forgetOldBy(Instant now) {
        Instant windowStart = limit.windowStart(now);
        return inBatches(size -> tokens.forgetExpiredBy(now, size))
                + inBatches(size -> requests.forgetBefore(windowStart, size));
    }

    private int inBatches(IntUnaryOperator forget) {
        int forgotten = 0;
        for (int batch = forget.applyAsInt(batchSize); batch > 0; batch = forget.applyAsInt(batchSize)) {
            forgotten += batch;
        }
        return forgotten;
    }
}
