package dev.authservice.adapter.out.persistence;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.Sort;
import java.util.function.Function;

/** Translates the domain's pages to Micronaut Data's and back. */
public final class Paging {

    /** The entity property that breaks ties, so that consecutive pages neither repeat nor skip a row. */
    private static final String TIEBREAKER = "id";

    private Paging() {
    }

    /**
     * The Micronaut Data page for {@code request}, ordered by the entity's {@code property}. Each store names the
     * property of each of its domain's sort keys, so that nothing a client typed ever reaches the SQL.
     */
    public static Pageable pageable(PageRequest request, String property,
                                    dev.authservice.domain.paging.Sort.Direction direction) {
        // The tiebreaker sorts the same way, so that an index ending in (column, id) serves both directions.
        Sort.Order.Direction order = switch (direction) {
            case ASC -> Sort.Order.Direction.ASC;
            case DESC -> Sort.Order.Direction.DESC;
        };
        Sort sort = Sort.of(new Sort.Order(property, order, false), new Sort.Order(TIEBREAKER, order, false));
        return Pageable.from(request.page(), request.size(), sort);
    }

    public static <R, T> Page<T> page(io.micronaut.data.model.Page<R> rows, PageRequest request,
                                      Function<? super R, ? extends T> toDomain) {
        return Page.of(rows.getContent().stream().<T>map(toDomain).toList(), request, rows.getTotalSize());
    }
}
