package dev.authservice.adapter.in.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.domain.paging.Page;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;
import java.util.function.Function;

/** The contract's page shape: {@code content}, {@code page}, {@code size}, {@code totalElements}, {@code totalPages}. */
@Serdeable
@JsonInclude(JsonInclude.Include.ALWAYS) // an empty page still has "content": []
public record PageResponse<T>(List<T> content, int page, int size, long totalElements, int totalPages) {

    public static <D, T> PageResponse<T> of(Page<D> page, Function<? super D, ? extends T> toDto) {
        Page<T> mapped = page.map(toDto);
        return new PageResponse<>(mapped.content(), mapped.page(), mapped.size(), mapped.totalElements(),
                mapped.totalPages());
    }
}
