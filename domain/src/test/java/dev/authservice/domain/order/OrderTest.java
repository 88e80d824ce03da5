package dev.authservice.domain.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OrderTest {

    private static final OrderId ID = OrderId.of("0dde1000-0000-4000-8000-000000000001");
    private static final UserId OWNER = UserId.of("a11ce000-0000-4000-8000-000000000001");
    private static final OrderReference REFERENCE = new OrderReference("cart-7d2f");
    private static final Money TOTAL = Money.of("12.50", "EUR");

    @Test
    void aPlacedOrderIsPendingAndKeepsWhatItWasGiven() {
        Instant now = Instant.parse("2025-03-01T10:00:00Z");

        Order order = Order.place(ID, OWNER, REFERENCE, TOTAL, Optional.of("Leave it at the door"), now);

        assertEquals(new Order(ID, OWNER, REFERENCE, OrderStatus.PENDING, TOTAL, Optional.of("Leave it at the door"),
                now), order);
    }

    @Test
    void aPlacedOrderIsTimedToTheMicrosecondAsStoresKeepIt() {
        Order order = Order.place(ID, OWNER, REFERENCE, TOTAL, Optional.empty(),
                Instant.parse("2025-03-01T10:00:00.123456789Z"));

        assertEquals(Instant.parse("2025-03-01T10:00:00.123456Z"), order.createdAt());
    }

    @Test
    void aNoteOfTheMaximumLengthIsKeptAndOneCharacterMoreIsRefused() {
        String longest = "n".repeat(Order.MAX_NOTE_LENGTH);

        assertEquals(Optional.of(longest), withNote(Optional.of(longest)).note());
        assertEquals("note must be at most 500 characters", assertThrows(InvalidValueException.class,
                () -> withNote(Optional.of(longest + "n"))).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "ring\u0007twice"})
    void aBlankNoteOrOneWithControlCharactersIsRefused(String note) {
        assertEquals("note", assertThrows(InvalidValueException.class, () -> withNote(Optional.of(note))).field());
    }

    @Test
    void noNoteIsEmptyNeverNull() {
        assertEquals(Optional.empty(), withNote(Optional.empty()).note());
        assertThrows(NullPointerException.class, () -> withNote(null));
    }

    @Test
    void anOrderIdIsReadFromItsText() {
        assertEquals(ID, OrderId.of(ID.toString()));
        assertThrows(IllegalArgumentException.class, () -> OrderId.of("not-an-id"));
    }

    private static Order withNote(Optional<String> note) {
        return Order.place(ID, OWNER, REFERENCE, TOTAL, note, Instant.parse("2025-03-01T10:00:00Z"));
    }
}
