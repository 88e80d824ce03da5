package dev.authservice.domain.audit;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Which recorded events to list: each part left empty matches every event. {@code from} is inclusive and {@code to}
 * exclusive, so that consecutive windows neither overlap nor leave a gap ({@code AuditTrailContract} holds every
 * store to that).
 */
public record AuditEventFilter(Optional<SecurityEventType> type, Optional<UserId> userId, Optional<Instant> from,
                               Optional<Instant> to) {

    public static final AuditEventFilter ALL =
            new AuditEventFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    public AuditEventFilter {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (from.isPresent() && to.isPresent() && !from.get().isBefore(to.get())) {
            throw new InvalidValueException("from", "from must be before to");
        }
    }
}
