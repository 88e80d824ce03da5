package dev.authservice.domain.order;

import dev.authservice.domain.Require;

public enum OrderStatus {
    PENDING, PAID, SHIPPED, DELIVERED, CANCELLED;

    /** The status named exactly by {@code text}, as the API spells it. */
    public static OrderStatus parse(String field, String text) {
        return Require.oneOf(field, text, values());
    }
}
