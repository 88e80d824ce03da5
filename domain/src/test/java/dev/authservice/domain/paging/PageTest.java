package dev.authservice.domain.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PageTest {

    @ParameterizedTest(name = "{0} elements in pages of {1}: {2} pages")
    @CsvSource({
            "0,  20, 0",
            "1,  20, 1",
            "19, 20, 1",
            "20, 20, 1",
            "21, 20, 2",
            "40, 20, 2",
            "41, 20, 3",
            "42, 1,  42",
            "100, 100, 1"})
    void totalPagesCountsAPartialLastPageAndNoPageForNoElements(long totalElements, int size, int totalPages) {
        assertEquals(totalPages, new Page<>(List.of(), 0, size, totalElements).totalPages());
    }

    @Test
    void aPageTakesItsNumberAndSizeFromTheRequest() {
        Page<String> page = Page.of(List.of("c", "d"), new PageRequest(1, 2), 5);

        assertEquals(List.of("c", "d"), page.content());
        assertEquals(1, page.page());
        assertEquals(2, page.size());
        assertEquals(5, page.totalElements());
        assertEquals(3, page.totalPages());
    }

    @Test
    void aPagePastTheLastIsEmptyButStillCountsTheWholeList() {
        Page<String> page = Page.of(List.of(), new PageRequest(7, 20), 42);

        assertEquals(List.of(), page.content());
        assertEquals(7, page.page());
        assertEquals(3, page.totalPages());
    }

    @Test
    void mappingTransformsTheContentAndKeepsThePosition() {
        Page<String> page = new Page<>(List.of("a", "bb", "ccc"), 2, 3, 10);

        Page<Integer> lengths = page.map(String::length);

        assertEquals(new Page<>(List.of(1, 2, 3), 2, 3, 10), lengths);
    }

    @Test
    void theContentIsAnImmutableCopy() {
        List<String> source = new ArrayList<>(List.of("a"));
        Page<String> page = new Page<>(source, 0, 20, 1);

        source.add("b");

        assertEquals(List.of("a"), page.content());
        assertThrows(UnsupportedOperationException.class, () -> page.content().add("c"));
    }

    @Test
    void aPageWithANegativeNumberAZeroSizeOrANegativeTotalCannotExist() {
        assertThrows(IllegalArgumentException.class, () -> new Page<>(List.of(), -1, 20, 0));
        assertThrows(IllegalArgumentException.class, () -> new Page<>(List.of(), 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Page<>(List.of(), 0, 20, -1));
    }
}
