package dev.authservice.domain.paging;

import java.util.List;
import java.util.function.Function;

/** One page of a list, with what a client needs to ask for the others. */
public record Page<T>(List<T> content, int page, int size, long totalElements) {

    public Page {
        content = List.copyOf(content);
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
