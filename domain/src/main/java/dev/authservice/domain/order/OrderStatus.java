package dev.authservice.domain.order;

import dev.authservice.domain.InvalidValueException;
import java.util.Arrays;
import java.util.stream.Collectors;

public enum OrderStatus {
    PENDING, PAID, SHIPPED, DELIVERED, CANCELLED;

    /** The status named exactly by {@code text}, as the API spells it. */
    public static OrderStatus parse(String field, String text) {
        return Arrays.stream(values())
                .filter(status -> status.name().equals(text))
                .findFirst()
                .orElseThrow(() -> new InvalidValueException(field, field + " must be one of "
                        + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "))));
    }
}
