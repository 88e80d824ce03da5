package dev.authservice.adapter.out.persistence.federation;

import dev.authservice.application.federation.port.out.PendingAuthorizationStore;
import dev.authservice.domain.federation.AuthorizationPolicy;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forgets the pending authorizations that expired, used or not (an expired one is refused whatever its state),
 * every {@code auth.oidc.cleanup-interval}, a batch per statement. It runs where sign-in with identity
 * providers is wired ({@link AuthorizationPolicy} is a bean): this module's test contexts make none.
 */
@Singleton
@Requires(beans = AuthorizationPolicy.class)
class PendingAuthorizationCleanUp {

    private static final Logger LOG = LoggerFactory.getLogger(PendingAuthorizationCleanUp.class);
    private static final int BATCH = 1_000;

    private final PendingAuthorizationStore pending;
    private final Clock clock;

    PendingAuthorizationCleanUp(PendingAuthorizationStore pending, Clock clock) {
        this.pending = pending;
        this.clock = clock;
    }

    @Scheduled(initialDelay = "1m", fixedDelay = "${auth.oidc.cleanup-interval:15m}")
    void run() {
        int forgotten = 0;
        for (int batch = pending.forgetExpiredBy(clock.instant(), BATCH); batch > 0;
             batch = pending.forgetExpiredBy(clock.instant(), BATCH)) {
            forgotten += batch;
        }
        if (forgotten > 0) {
            LOG.info("Forgot {} expired pending authorizations of identity providers", forgotten);
        }
    }
}
