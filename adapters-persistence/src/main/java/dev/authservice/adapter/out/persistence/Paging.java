package dev.authservice.adapter.out.persistence;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.Sort;
import java.util.Set;
import java.util.function.Function;

/** Translates the domain's pages to Micronaut Data's and back. */
public final class Paging {

    /** The entity property that breaks ties, so that consecutive pages neither repeat nor skip a row. */
    private static final String TIEBREAKER = "id";

    private Paging() {
    }

    /**
     * The Micronaut Data page for {@code request}. The API's sort names are the entity's property names; the domain's
     * list of {@code sortable} ones is checked again here, so that nothing else ever reaches the SQL.
     */
    public static Pageable pageable(PageRequest request, Set<String> sortable) {
        String property = request.sort().property();
        if (!sortable.contains(property)) {
            throw new IllegalArgumentException("not a sortable property: " + property);
        }
        // The tiebreaker sorts the same way, so that an index ending in (column, id) serves both directions.
        Sort.Order.Direction direction = direction(request.sort().direction());
        Sort sort = Sort.of(new Sort.Order(property, direction, false), new Sort.Order(TIEBREAKER, direction, false));
        return Pageable.from(request.page(), request.size(), sort);
    }

    public static <R, T> Page<T> page(io.micronaut.data.model.Page<R> rows, PageRequest request,
                                      Function<? super R, ? extends T> toDomain) {
        return Page.of(rows.getContent().stream().<T>map(toDomain).toList(), request, rows.getTotalSize());
    }

    private static Sort.Order.Direction direction(dev.authservice.domain.paging.Sort.Direction direction) {
        return switch (direction) {
            case ASC -> Sort.Order.Direction.ASC;
            case DESC -> Sort.Order.Direction.DESC;
        };
    }
}
