package dev.authservice.adapter.out.persistence.audit;

import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import io.micronaut.data.repository.jpa.JpaSpecificationExecutor;
import java.time.Instant;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface AuditEventRowRepository extends GenericRepository<AuditEventRow, UUID>,
        JpaSpecificationExecutor<AuditEventRow> {

    void insert(AuditEventRow row);

    /** Uses audit_events_occurred_idx; returns how many rows went. */
    int deleteByOccurredAtLessThan(Instant cutoff);
}
