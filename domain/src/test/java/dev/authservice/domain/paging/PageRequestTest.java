package dev.authservice.domain.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, PageRequest.MAX_PAGE})
    void aPageFromZeroToTheMaximumIsAccepted(int page) {
        assertEquals(page, new PageRequest(page, 20).page());
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, PageRequest.MAX_PAGE + 1, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void aPageOutsideTheRangeIsRefusedNamingThePage(int page) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new PageRequest(page, 20));

        assertEquals("page", e.field());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 20, 100})
    void aSizeFromOneToAHundredIsAccepted(int size) {
        assertEquals(size, new PageRequest(0, size).size());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 101})
    void aSizeOutsideTheRangeIsRefusedNamingTheSize(int size) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new PageRequest(0, size));

        assertEquals("size", e.field());
    }

    @Test
    void theOffsetIsTheItemsOfThePagesBefore() {
        assertEquals(0, new PageRequest(0, 20).offset());
        assertEquals(60, new PageRequest(3, 20).offset());
        assertEquals((long) PageRequest.MAX_PAGE * PageRequest.MAX_SIZE,
                new PageRequest(PageRequest.MAX_PAGE, PageRequest.MAX_SIZE).offset());
    }
}
