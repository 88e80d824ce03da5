package dev.authservice.domain.paging;

import dev.authservice.domain.InvalidValueException;
import java.util.Objects;
import java.util.Set;
import java.util.Locale;
import java.util.TreeSet;

/** An order for a list: one property, ascending or descending. Written {@code property,direction} in a query. */
public record Sort(String property, Direction direction) {

    public enum Direction { ASC, DESC }

    public Sort {
        Objects.requireNonNull(property, "property");
        Objects.requireNonNull(direction, "direction");
    }

    /**
     * Parses {@code property,asc} or {@code property,desc}; the property must be one of {@code sortable}.
     * A missing direction means ascending.
     */
    public static Sort parse(String text, Set<String> sortable) {
        String[] parts = text.split(",", -1);
        if (parts.length > 2 || !sortable.contains(parts[0])) {
            throw new InvalidValueException("sort", "sort must be a property among " + new TreeSet<>(sortable)
                    + ", optionally followed by ,asc or ,desc");
        }
        if (parts.length == 1) {
            return new Sort(parts[0], Direction.ASC);
        }
        return switch (parts[1]) {
            case "asc" -> new Sort(parts[0], Direction.ASC);
            case "desc" -> new Sort(parts[0], Direction.DESC);
            default -> throw new InvalidValueException("sort", "sort direction must be asc or desc");
        };
    }

    @Override
    public String toString() {
        return property + "," + direction.name().toLowerCase(Locale.ROOT);
    }
}
