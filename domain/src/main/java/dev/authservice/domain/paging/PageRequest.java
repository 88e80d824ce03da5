package dev.authservice.domain.paging;

import dev.authservice.domain.Require;

/**
 * Which slice of a list to return: page number (0-indexed) and page size. A list that can be ordered more than one
 * way takes a {@link Sort} beside it; one with a single order takes none.
 */
public record PageRequest(int page, int size) {

    public static final int DEFAULT_SIZE = 20;
    public static final int MAX_SIZE = 100;
    /** Far beyond any real list; keeps {@code page * size}, the SQL OFFSET, far from overflowing. */
    public static final int MAX_PAGE = 1_000_000;

    public PageRequest {
        Require.range("page", page, 0, MAX_PAGE);
        Require.range("size", size, 1, MAX_SIZE);
    }

    /** How many items come before this page. */
    public long offset() {
        return (long) page * size;
    }
}
