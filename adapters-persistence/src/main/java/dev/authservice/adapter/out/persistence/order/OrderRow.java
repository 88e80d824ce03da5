package dev.authservice.adapter.out.persistence.order;

import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderReference;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Currency;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code orders}; the status is stored by name, no note as NULL. */
@MappedEntity(value = "orders", escape = false)
record OrderRow(
        @Id UUID id,
        UUID userId,
        String reference,
        OrderStatus status,
        BigDecimal totalAmount,
        String currency,
        @Nullable String note,
        Instant createdAt) {

    /** The decimals of {@code total_amount}. */
    private static final int AMOUNT_SCALE = 2;

    static OrderRow of(Order order) {
        // Money keeps at most the column's decimals (Money.MAX_DECIMALS): this never rounds, or it would throw.
        BigDecimal amount = order.total().amount().setScale(AMOUNT_SCALE, RoundingMode.UNNECESSARY);
        return new OrderRow(order.id().value(), order.ownerId().value(), order.reference().value(), order.status(),
                amount, order.total().currency().getCurrencyCode(), order.note().orElse(null), order.createdAt());
    }

    Order toOrder() {
        return new Order(new OrderId(id), new UserId(userId), new OrderReference(reference), status,
                new Money(totalAmount, Currency.getInstance(currency)), Optional.ofNullable(note), createdAt);
    }
}
