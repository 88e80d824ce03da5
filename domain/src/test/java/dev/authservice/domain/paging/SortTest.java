package dev.authservice.domain.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.order.Order;
import org.junit.jupiter.api.Test;

class SortTest {

    @Test
    void aSortIsAKeyOfTheListsItemsAndADirection() {
        Sort<Order.SortKey> sort = new Sort<>(Order.SortKey.TOTAL_AMOUNT, Sort.Direction.DESC);

        assertEquals(Order.SortKey.TOTAL_AMOUNT, sort.key());
        assertEquals(Sort.Direction.DESC, sort.direction());
    }

    @Test
    void theKeyAndTheDirectionAreRequired() {
        assertThrows(NullPointerException.class, () -> new Sort<Order.SortKey>(null, Sort.Direction.ASC));
        assertThrows(NullPointerException.class, () -> new Sort<>(Order.SortKey.STATUS, null));
    }
}
