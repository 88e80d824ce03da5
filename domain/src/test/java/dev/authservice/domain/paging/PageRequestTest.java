package dev.authservice.domain.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestTest {

    private static final Sort SORT = new Sort("createdAt", Sort.Direction.DESC);

    @ParameterizedTest
    @ValueSource(ints = {0, 1, PageRequest.MAX_PAGE})
    void aPageFromZeroToTheMaximumIsAccepted(int page) {
        assertEquals(page, new PageRequest(page, 20, SORT).page());
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, PageRequest.MAX_PAGE + 1, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void aPageOutsideTheRangeIsRefusedNamingThePage(int page) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new PageRequest(page, 20, SORT));

        assertEquals("page", e.field());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 20, 100})
    void aSizeFromOneToAHundredIsAccepted(int size) {
        assertEquals(size, new PageRequest(0, size, SORT).size());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 101})
    void aSizeOutsideTheRangeIsRefusedNamingTheSize(int size) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> new PageRequest(0, size, SORT));

        assertEquals("size", e.field());
    }

    @Test
    void aSortIsRequired() {
        assertThrows(NullPointerException.class, () -> new PageRequest(0, 20, null));
    }
}
