package dev.authservice.domain.paging;

import java.util.Objects;

/**
 * An order for a list: one of the keys its items can be sorted by ({@code Order.SortKey}, say), ascending or
 * descending. How a client spells a key, and which column holds it, are the adapters' business.
 */
public record Sort<K extends Enum<K>>(K key, Direction direction) {

    public enum Direction { ASC, DESC }

    public Sort {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(direction, "direction");
    }
}
