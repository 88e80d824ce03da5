package dev.authservice.adapter.out.persistence.session;

import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps {@code sessions} and {@code refresh_tokens} from growing without end: every {@code auth.cleanup.interval} it
 * forgets the sessions that were over {@code auth.cleanup.retention} ago ({@code Session.wasOverBy}), with their
 * tokens, {@code auth.cleanup.batch-size} sessions per transaction, so that no statement holds its locks for long.
 * The retention keeps an ended session in its user's audit and a replayed token recognised as reuse for a while; it is
 * at least the revocation horizon ({@link TokenPolicy#revocationHorizon()}), for which the deny-list must find a
 * revoked session in the database: 16 minutes under the default token lifetimes, at most a day and ten minutes. With several instances one does a round and the others
 * skip it ({@link JdbcSessionStore#forgetOverBy}).
 * <p>
 * It runs where {@code auth.cleanup.retention} is set, as the service's configuration sets it, like the audit trail's
 * retention: the application contexts of this module's tests set no such key, and no round runs behind their backs on
 * the rows they hold ({@code SessionCleanUpTest} runs its rounds itself).
 */
@Singleton
@Requires(property = "auth.cleanup.retention")
class SessionCleanUp {

    private static final Logger LOG = LoggerFactory.getLogger(SessionCleanUp.class);

    private final SessionStore sessions;
    private final Duration retention;
    private final int batchSize;
    private final Clock clock;

    SessionCleanUp(SessionStore sessions, @Property(name = "auth.cleanup.retention") Duration retention,
                   @Property(name = "auth.cleanup.batch-size") int batchSize, TokenPolicy policy, Clock clock) {
        if (retention.compareTo(policy.revocationHorizon()) < 0) {
            throw new IllegalArgumentException("auth.cleanup.retention must be at least the revocation horizon, "
                    + policy.revocationHorizon() + " (the access-token ttl plus twice the clock skew), not "
                    + retention);
        }
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("auth.cleanup.batch-size must be 1 to 10000, not " + batchSize);
        }
        this.sessions = sessions;
        this.retention = retention;
        this.batchSize = batchSize;
        this.clock = clock;
    }

    @Scheduled(initialDelay = "1m", fixedDelay = "${auth.cleanup.interval:1h}")
    void run() {
        int forgotten = forgetOverBy(clock.instant().minus(retention));
        if (forgotten > 0) {
            LOG.info("Forgot {} sessions over for more than {}, with their refresh tokens", forgotten, retention);
        }
    }

    /** Batch after batch until none is left (or another instance has the round); returns how many were forgotten. */
    int forgetOverBy(Instant cutoff) {
        int forgotten = 0;
        for (int batch = sessions.forgetOverBy(cutoff, batchSize); batch > 0;
             batch = sessions.forgetOverBy(cutoff, batchSize)) {
            forgotten += batch;
        }
        return forgotten;
    }
}
