package dev.authservice.adapter.out.persistence.user;

import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.SignUpPolicy;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the accounts made by sign-up whose address was never verified, once they have been pending longer than
 * {@link SignUpPolicy#pendingLifetime()}, with every row that references them: every
 * {@code auth.sign-up.cleanup.interval}, a batch per transaction. It runs where sign-up is on ({@link SignUpPolicy} is
 * a bean only then): an account made by sign-up that is switched off later stays until it is switched on again.
 */
@Singleton
@Requires(beans = SignUpPolicy.class)
class SignUpCleanUp {

    private static final Logger LOG = LoggerFactory.getLogger(SignUpCleanUp.class);

    private final UserStore users;
    private final SignUpPolicy policy;
    private final int batchSize;
    private final Clock clock;

    @Inject
    SignUpCleanUp(UserStore users, SignUpPolicy policy, Clock clock) {
        this(users, policy, 100, clock);
    }

    SignUpCleanUp(UserStore users, SignUpPolicy policy, int batchSize, Clock clock) {
        this.users = users;
        this.policy = policy;
        this.batchSize = batchSize;
        this.clock = clock;
    }

    @Scheduled(initialDelay = "1m", fixedDelay = "${auth.sign-up.cleanup.interval:1h}")
    void run() {
        int removed = removeExpiredBy(clock.instant());
        if (removed > 0) {
            LOG.info("Removed {} accounts made by sign-up and never verified", removed);
        }
    }

    /** Batch after batch until none is left; returns how many accounts were removed. */
    int removeExpiredBy(Instant now) {
        Instant cutoff = policy.removedIfPendingSince(now);
        int removed = 0;
        for (int batch = users.removePendingSince(cutoff, batchSize); batch > 0;
             batch = users.removePendingSince(cutoff, batchSize)) {
            removed += batch;
        }
        return removed;
    }
}
