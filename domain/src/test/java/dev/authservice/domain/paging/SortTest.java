package dev.authservice.domain.paging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.InvalidValueException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SortTest {

    private static final Set<String> SORTABLE = Set.of("createdAt", "totalAmount", "status");

    @ParameterizedTest(name = "\"{0}\" sorts by {1} {2}")
    @CsvSource(delimiter = '|', value = {
            "createdAt,asc    | createdAt   | ASC",
            "createdAt,desc   | createdAt   | DESC",
            "totalAmount,desc | totalAmount | DESC",
            "status,asc       | status      | ASC"})
    void aSortablePropertyWithADirectionIsParsed(String text, String property, Sort.Direction direction) {
        assertEquals(new Sort(property, direction), Sort.parse(text, SORTABLE));
    }

    @Test
    void aMissingDirectionMeansAscending() {
        assertEquals(new Sort("createdAt", Sort.Direction.ASC), Sort.parse("createdAt", SORTABLE));
    }

    @ParameterizedTest(name = "\"{0}\" is refused")
    @ValueSource(strings = {
            "unknown,asc",        // not a sortable property
            "password,asc",       // a real column, but not offered
            "",                   // nothing at all
            ",desc",              // no property
            "createdAt,",         // a comma but no direction
            "createdAt,desc,x",   // one part too many
            "createdAt,up",       // not a direction
            "createdAt, desc",    // no spaces allowed
            " createdAt"})
    void anythingElseIsRefusedNamingTheSortParameter(String text) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> Sort.parse(text, SORTABLE));

        assertEquals("sort", e.field());
    }

    @ParameterizedTest(name = "\"{0}\" is refused: names are case-sensitive")
    @ValueSource(strings = {"CreatedAt,asc", "createdat", "createdAt,DESC", "createdAt,Asc"})
    void propertyAndDirectionAreCaseSensitive(String text) {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> Sort.parse(text, SORTABLE));

        assertEquals("sort", e.field());
    }

    @Test
    void theErrorMessageListsTheSortableProperties() {
        InvalidValueException e = assertThrows(InvalidValueException.class, () -> Sort.parse("nope", SORTABLE));

        assertEquals("sort must be a property among [createdAt, status, totalAmount], optionally followed by ,asc or ,desc",
                e.getMessage());
    }

    @Test
    void aSortIsWrittenAsItIsParsed() {
        Sort sort = new Sort("totalAmount", Sort.Direction.DESC);

        assertEquals("totalAmount,desc", sort.toString());
        assertEquals(sort, Sort.parse(sort.toString(), SORTABLE));
    }
}
