package dev.authservice.domain.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class OrderReferenceTest {

    @ParameterizedTest
    @ValueSource(strings = {"cart-7d2f", "1", "Bestellung für Zoë", "c4ca4238-a0b9-3382-8dcc-509a6f75849b"})
    void anOrdinaryReferenceIsAccepted(String reference) {
        assertEquals(reference, new OrderReference(reference).value());
    }

    @Test
    void aReferenceOfTheMaximumLengthIsAcceptedAndOneCharacterMoreIsRefused() {
        String longest = "r".repeat(OrderReference.MAX_LENGTH);

        assertEquals(longest, new OrderReference(longest).value());
        assertEquals("reference must be at most 64 characters", assertThrows(InvalidValueException.class,
                () -> new OrderReference(longest + "r")).getMessage());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t"})
    void aMissingOrBlankReferenceIsRefused(String reference) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new OrderReference(reference));

        assertEquals("reference", e.field());
    }

    @ParameterizedTest
    @ValueSource(strings = {"cart\n7", "cart\u0000", "\u001bcart"})
    void aReferenceWithControlCharactersIsRefused(String reference) {
        assertEquals("reference must not contain control characters",
                assertThrows(InvalidValueException.class, () -> new OrderReference(reference)).getMessage());
    }

    @Test
    void referencesAreComparedExactly() {
        assertEquals(new OrderReference("cart-1"), new OrderReference("cart-1"));
        assertNotEquals(new OrderReference("cart-1"), new OrderReference("Cart-1"));
    }
}
