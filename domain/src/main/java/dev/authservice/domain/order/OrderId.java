package dev.authservice.domain.order;

import java.util.Objects;
import java.util.UUID;

public record OrderId(UUID value) {

    public OrderId {
        Objects.requireNonNull(value, "value");
    }

    public static OrderId of(String text) {
        return new OrderId(UUID.fromString(text));
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
