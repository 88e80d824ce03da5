package dev.authservice.adapter.out.persistence.audit;

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
 * Keeps the audit trail from growing without end: every {@code auth.audit.purge-interval} it deletes the events older
 * than {@code auth.audit.retention}. Housekeeping of this adapter's own table, like the deny-list's polling; every
 * instance may run it, since deleting what another instance deleted changes nothing.
 */
@Singleton
@Requires(property = AuditTrailRetention.RETENTION)
class AuditTrailRetention {

    static final String RETENTION = "auth.audit.retention";

    private static final Logger LOG = LoggerFactory.getLogger(AuditTrailRetention.class);

    private final AuditEventRowRepository rows;
    private final Duration retention;
    private final Clock clock;

    AuditTrailRetention(AuditEventRowRepository rows, @Property(name = RETENTION) Duration retention, Clock clock) {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException(RETENTION + " must be positive, not " + retention);
        }
        this.rows = rows;
        this.retention = retention;
        this.clock = clock;
    }

    @Scheduled(initialDelay = "1m", fixedDelay = "${auth.audit.purge-interval:1h}")
    void purge() {
        int deleted = purgeBefore(clock.instant().minus(retention));
        if (deleted > 0) {
            LOG.info("Deleted {} audit events older than {}", deleted, retention);
        }
    }

    int purgeBefore(Instant cutoff) {
        return rows.deleteByOccurredAtLessThan(cutoff);
    }
}
