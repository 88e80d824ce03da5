package dev.authservice.domain.paging;

import dev.authservice.domain.Require;
import java.util.Objects;

/** Which slice of a list to return: page number (0-indexed), page size, and order. */
public record PageRequest(int page, int size, Sort sort) {

    public static final int DEFAULT_SIZE = 20;
    public static final int MAX_SIZE = 100;
    /** Far beyond any real list; keeps {@code page * size}, the SQL OFFSET, far from overflowing. */
    public static final int MAX_PAGE = 1_000_000;

    public PageRequest {
        Require.range("page", page, 0, MAX_PAGE);
        Require.range("size", size, 1, MAX_SIZE);
        Objects.requireNonNull(sort, "sort");
    }
}
