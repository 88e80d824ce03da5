package dev.authservice.adapter.in.web.edge.connection;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TransferEncodingTest {

    @ParameterizedTest
    @ValueSource(strings = {"chunked", "CHUNKED", "gzip, chunked", "gzip,chunked", " gzip\t,  chunked ",
            "gzip;level=9, chunked", "x-custom;name=\"a value\", chunked", "gzip, , chunked"})
    void aListWhoseFinalCodingIsChunkedEndsInChunked(String value) {
        assertTrue(TransferEncoding.endsInChunked(List.of(value)), value);
    }

    @Test
    void theListRunsOverEveryHeaderLineInOrder() {
        assertTrue(TransferEncoding.endsInChunked(List.of("gzip", "chunked")));
        assertFalse(TransferEncoding.endsInChunked(List.of("chunked", "gzip")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"xchunked", "chunkedx", "chunked, gzip", "gzip", "chunked, chunked", "chunked;x=1",
            "chun ked", "chunked\u000b", "", " , ", "gzip;level, chunked", "gzip;level=\"9, chunked", "\"chunked\""})
    void anyOtherListDoesNot(String value) {
        assertFalse(TransferEncoding.endsInChunked(List.of(value)), value);
    }

    @Test
    void noListDoesNot() {
        assertFalse(TransferEncoding.endsInChunked(List.of()));
    }
}
