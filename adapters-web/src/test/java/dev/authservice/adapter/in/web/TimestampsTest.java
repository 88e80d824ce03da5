package dev.authservice.adapter.in.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimestampsTest {

    @Test
    void everyInstantReadsInUtcToTheMillisecond() {
        assertEquals("2025-01-31T09:15:00.000Z", Timestamps.iso(Instant.parse("2025-01-31T09:15:00Z")));
        assertEquals("2025-01-31T09:15:00.123Z", Timestamps.iso(Instant.parse("2025-01-31T09:15:00.123999999Z")));
        assertEquals("1969-12-31T23:59:59.999Z", Timestamps.iso(Instant.parse("1969-12-31T23:59:59.999500Z")));
    }

    @Test
    void theLastMillisecondFormattedIsReusedOnlyForThatMillisecond() {
        Instant instant = Instant.parse("2030-06-01T12:00:00.500Z");

        assertEquals("2030-06-01T12:00:00.500Z", Timestamps.iso(instant));
        assertEquals("2030-06-01T12:00:00.500Z", Timestamps.iso(instant.plusNanos(999_999)));
        assertEquals("2030-06-01T12:00:00.501Z", Timestamps.iso(instant.plusMillis(1)));
        assertEquals("2030-06-01T12:00:01.500Z", Timestamps.iso(instant.plusSeconds(1)));
    }
}
