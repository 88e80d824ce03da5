package dev.authservice.adapter.in.web;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * How every instant reads in the API: ISO 8601 in UTC, always to the millisecond ({@code 2025-01-31T09:15:00.000Z}).
 * One precision for all, so that a value reads the same whether it was just made in memory (nanoseconds on most
 * clocks) or read back from the database (microseconds): the user that {@code POST /api/admin/users} answers with is
 * the one {@code GET} shows. A fixed width also keeps the text sortable as text.
 */
public final class Timestamps {

    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /** The last instant formatted, to the millisecond: every answer stamps the current time, many in one ms. */
    private static volatile Formatted last = new Formatted(Long.MIN_VALUE, "");

    private Timestamps() {
    }

    public static String iso(Instant instant) {
        long millis = instant.toEpochMilli();
        Formatted seen = last;
        if (seen.millis() == millis) {
            return seen.text();
        }
        String text = ISO_MILLIS.format(instant);
        last = new Formatted(millis, text);
        return text;
    }

    private record Formatted(long millis, String text) {
    }
}
