package dev.authservice.domain.order;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;

/** An order placed by a user; the example of a protected resource that belongs to its owner. */
public record Order(OrderId id, UserId ownerId, OrderStatus status, Money total, Instant createdAt) {

    /** What a list of orders can be sorted by. */
    public enum SortKey { CREATED_AT, TOTAL_AMOUNT, STATUS }

    public Order {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ownerId, "ownerId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
