package dev.authservice.adapter.out.persistence.order;

import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Currency;
import java.util.UUID;

/** A row of {@code orders}; the status is stored by name. */
@MappedEntity(value = "orders", escape = false)
record OrderRow(
        @Id UUID id,
        UUID userId,
        OrderStatus status,
        BigDecimal totalAmount,
        String currency,
        Instant createdAt) {

    /** The decimals of {@code total_amount}. */
    private static final int AMOUNT_SCALE = 2;

    static OrderRow of(Order order) {
        // Throws rather than rounds an amount with more decimals than the column keeps (a three-decimal currency).
        BigDecimal amount = order.total().amount().setScale(AMOUNT_SCALE, RoundingMode.UNNECESSARY);
        return new OrderRow(order.id().value(), order.ownerId().value(), order.status(), amount,
                order.total().currency().getCurrencyCode(), order.createdAt());
    }

    Order toOrder() {
        return new Order(new OrderId(id), new UserId(userId), status,
                new Money(totalAmount, Currency.getInstance(currency)), createdAt);
    }
}
