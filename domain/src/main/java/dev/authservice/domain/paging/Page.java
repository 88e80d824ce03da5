package dev.authservice.domain.paging;

import java.util.List;
import java.util.function.Function;

/** One page of a list, with what a client needs to ask for the others. */
public record Page<T>(List<T> content, int page, int size, long totalElements) {

    public Page {
        content = List.copyOf(content);
        if (page < 0 || size < 1 || totalElements < 0) {
            throw new IllegalArgumentException("a page has a number >= 0, a size >= 1 and a total >= 0");
        }
    }

    public static <T> Page<T> of(List<T> content, PageRequest request, long totalElements) {
        return new Page<>(content, request.page(), request.size(), totalElements);
    }

    public int totalPages() {
        return (int) ((totalElements + size - 1) / size);
    }

    public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
        return new Page<>(content.stream().<R>map(mapper).toList(), page, size, totalElements);
    }
}
