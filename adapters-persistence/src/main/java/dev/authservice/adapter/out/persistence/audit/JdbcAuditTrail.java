package dev.authservice.adapter.out.persistence.audit;

import dev.authservice.adapter.out.persistence.Paging;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.audit.port.out.AuditLogReader;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.repository.jpa.criteria.PredicateSpecification;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Instant;

/**
 * The audit trail as rows of {@code audit_events}: each event written in its own short transaction, read back newest
 * first. Named, because bootstrap fans {@link AuditLog} out to this and the other audit adapters.
 */
@Singleton
@TranslatesUnavailability
@Named(JdbcAuditTrail.NAME)
class JdbcAuditTrail implements AuditLog, AuditLogReader {

    static final String NAME = "database";

    private final AuditEventRowRepository rows;

    JdbcAuditTrail(AuditEventRowRepository rows) {
        this.rows = rows;
    }

    @Override
    public void record(SecurityEvent event) {
        rows.insert(AuditEventRow.of(event));
    }

    @Override
    public Page<SecurityEvent> find(AuditEventFilter filter, PageRequest page) {
        var found = rows.findAll(matching(filter), Paging.pageable(page, "occurredAt", Sort.Direction.DESC));
        return Paging.page(found, page, AuditEventRow::toEvent);
    }

    /** Only the parts of the filter that are given become conditions. */
    private static PredicateSpecification<AuditEventRow> matching(AuditEventFilter filter) {
        PredicateSpecification<AuditEventRow> all = PredicateSpecification.where(null);
        return filter.type().map(type -> all.and(equal("type", type))).orElse(all)
                .and(filter.userId().map(UserId::value).map(id -> equal("userId", id)).orElse(null))
                .and(filter.from().map(JdbcAuditTrail::notBefore).orElse(null))
                .and(filter.to().map(JdbcAuditTrail::before).orElse(null));
    }

    private static PredicateSpecification<AuditEventRow> equal(String property, Object value) {
        return (root, criteria) -> criteria.equal(root.get(property), value);
    }

    private static PredicateSpecification<AuditEventRow> notBefore(Instant from) {
        return (root, criteria) -> criteria.greaterThanOrEqualTo(root.get("occurredAt"), from);
    }

    private static PredicateSpecification<AuditEventRow> before(Instant to) {
        return (root, criteria) -> criteria.lessThan(root.get("occurredAt"), to);
    }
}
