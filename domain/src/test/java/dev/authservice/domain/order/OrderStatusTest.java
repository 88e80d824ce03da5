package dev.authservice.domain.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class OrderStatusTest {

    @ParameterizedTest
    @EnumSource(OrderStatus.class)
    void everyStatusIsParsedFromItsName(OrderStatus status) {
        assertEquals(status, OrderStatus.parse("status", status.name()));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"paid", "Paid", "PAID ", "REFUNDED", "0"})
    void anythingElseIsRefusedNamingTheCallersField(String text) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> OrderStatus.parse("status", text));

        assertEquals("status", e.field());
    }

    @Test
    void theErrorListsTheStatusesThereAre() {
        InvalidValueException e = assertThrows(InvalidValueException.class,
                () -> OrderStatus.parse("filter", "LOST"));

        assertEquals("filter", e.field());
        assertEquals("filter must be one of PENDING, PAID, SHIPPED, DELIVERED, CANCELLED", e.getMessage());
    }
}
