package dev.authservice.adapter.out.persistence;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.Sort;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/** Translates the domain's pages to Micronaut Data's and back. */
public final class Paging {

    /** The entity property that breaks ties, so that consecutive pages neither repeat nor skip a row. */
    private static final String TIEBREAKER = "id";

    private Paging() {
    }

    /**
     * The Micronaut Data page for {@code request}, sorted by the entity property that {@code sortable} maps its sort
     * property to. The map is the whitelist: a property it does not name never reaches the SQL.
     */
    public static Pageable pageable(PageRequest request, Map<String, String> sortable) {
        String property = sortable.get(request.sort().property());
        if (property == null) {
            throw new InvalidValueException("sort",
                    "sort must be a property among " + new TreeSet<>(sortable.keySet()));
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
