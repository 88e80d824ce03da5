package dev.authservice.domain.order;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/** An order placed by a user; the example of a protected resource that belongs to its owner. */
public record Order(OrderId id, UserId ownerId, OrderStatus status, Money total, Instant createdAt) {

    /** The properties an order list can be sorted by, as the API names them. */
    public static final Set<String> SORTABLE = Set.of("createdAt", "totalAmount", "status");

    public Order {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ownerId, "ownerId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(createdAt, "createdAt");
    }
}
