package dev.authservice.application.audit.port.in;

import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import java.util.Objects;
import java.util.function.Function;

/** The audit trail for administrators: the recorded security events that match a filter, always newest first. */
public interface ListAuditEventsUseCase {

    Result listAuditEvents(Query query);

    record Query(AuditEventFilter filter, PageRequest page) {
        public Query {
            Objects.requireNonNull(filter, "filter");
            Objects.requireNonNull(page, "page");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed);

        record Listed(Page<SecurityEvent> events) implements Result {
            @Override
            public <T> T match(Function<Listed, T> listed) {
                return listed.apply(this);
            }
        }
    }
}
