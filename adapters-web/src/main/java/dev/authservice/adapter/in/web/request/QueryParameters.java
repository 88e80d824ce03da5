package dev.authservice.adapter.in.web.request;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Turns the paging query parameters into domain values. Parameters arrive as text so that a malformed number gets
 * the same 400 {@code INVALID_PARAMETER} as an out-of-range one, with a message naming the parameter.
 */
public final class QueryParameters {

    /** The years a query can name: four digits, as ISO 8601 writes them and as every store can compare them. */
    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999999Z");

    private QueryParameters() {
    }

    public static PageRequest pageRequest(String page, String size) {
        return parse(() -> new PageRequest(pageNumber(page), pageSize(size)));
    }

    /**
     * {@code property} or {@code property,asc} or {@code property,desc}, where {@code keys} names each property a client
     * may sort by (its API spelling, case-sensitive) and the domain's key it stands for; absent, {@code defaultSort}.
     */
    public static <K extends Enum<K>> Sort<K> sort(String text, Map<String, K> keys, Sort<K> defaultSort) {
        if (text == null) {
            return defaultSort;
        }
        String[] parts = text.split(",", -1);
        if (parts.length > 2 || !keys.containsKey(parts[0])) {
            throw new ApiException(CommonErrorCode.INVALID_PARAMETER, "sort must be a property among "
                    + new TreeSet<>(keys.keySet()) + ", optionally followed by ,asc or ,desc");
        }
        Sort.Direction direction = parts.length == 1 ? Sort.Direction.ASC : switch (parts[1]) {
            case "asc" -> Sort.Direction.ASC;
            case "desc" -> Sort.Direction.DESC;
            default -> throw new ApiException(CommonErrorCode.INVALID_PARAMETER, "sort direction must be asc or desc");
        };
        return new Sort<>(keys.get(parts[0]), direction);
    }

    /** For a list that has one order only: a {@code sort} is refused rather than silently ignored. */
    public static void refuseSort(String sort, String theOneOrder) {
        if (sort != null) {
            throw new ApiException(CommonErrorCode.INVALID_PARAMETER, theOneOrder + "; sort is not supported here");
        }
    }

    /** Runs a domain parser, answering its refusal as a bad query parameter. */
    public static <T> T parse(Supplier<T> parser) {
        try {
            return parser.get();
        } catch (InvalidValueException e) {
            throw new ApiException(CommonErrorCode.INVALID_PARAMETER, e.getMessage());
        }
    }

    /**
     * An ISO 8601 instant with its offset, such as {@code 2025-03-01T10:00:00Z} or {@code ...+01:00}, in the years 1 to
     * 9999: Java parses years up to a billion, which PostgreSQL refuses (a 500) and H2 stores wrapped.
     */
    public static Instant instant(String name, String text) {
        Instant instant;
        try {
            instant = OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            throw new ApiException(CommonErrorCode.INVALID_PARAMETER,
                    name + " must be an ISO 8601 date and time with an offset, such as 2025-03-01T10:00:00Z");
        }
        if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
            throw new ApiException(CommonErrorCode.INVALID_PARAMETER, name + " must be in the years 1 to 9999");
        }
        return instant;
    }

    /** A user id given as a filter: malformed is a bad parameter, not an unknown user. */
    public static UserId userId(String name, String text) {
        try {
            return UserId.of(text);
        } catch (IllegalArgumentException e) {
            throw new ApiException(CommonErrorCode.INVALID_PARAMETER, name + " must be a user id (a UUID)");
        }
    }

    private static int pageNumber(String page) {
        return page == null ? 0 : integer("page", page);
    }

    private static int pageSize(String size) {
        return size == null ? PageRequest.DEFAULT_SIZE : integer("size", size);
    }

    private static int integer(String name, String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new InvalidValueException(name, name + " must be an integer");
        }
    }
}
