package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A body is one JSON value in UTF-8 and nothing else. A parser that keeps the last of two equal keys, stops reading
 * after the value, or decodes bytes that are not UTF-8 sees another body than a proxy or a log that reads it
 * differently: one of them is being lied to.
 */
@MicronautTest
class StrictJsonHttpTest {

    private static final String BOB = "{\"username\":\"bob\",\"password\":\"bob-password\"}";
    private static final String LOG_IN =
            "POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json";

    @Inject
    EmbeddedServer server;

    private Http http;
    private RawHttp raw;

    @BeforeEach
    void clients() {
        http = new Http(server.getURI());
        raw = new RawHttp(server.getURI());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"username\":\"alice\",\"password\":\"wrong\",\"password\":\"alice-password\"}",
            "{\"username\":\"bob\",\"username\":\"alice\",\"password\":\"alice-password\"}",
            "{\"username\":\"alice\",\"password\":\"alice-password\"} xyz",
            "{\"username\":\"alice\",\"password\":\"alice-password\"}{}",
            "{\"username\":\"alice\",\"password\":\"alice-password\"} 1"})
    void aDuplicatedKeyOrAnythingAfterTheValueIsInvalidInput(String body) {
        assertError(http.postJson("/api/login", body), 400, "INVALID_INPUT");
    }

    @Test
    void aDuplicatedKeyInsideANestedObjectIsInvalidInputToo() {
        TestUser user = TestUser.create(http);
        assertError(http.postJson("/api/user/orders", "{\"reference\":\"R-1\",\"totalAmount\":\"1.00\","
                + "\"currency\":\"EUR\",\"note\":\"x\",\"extra\":{\"a\":1,\"a\":2}}", "Authorization", user.bearer()),
                400, "INVALID_INPUT");
    }

    @Test
    void wellFormedBodiesWithSpaceAroundThemAreRead() {
        assertEquals(200, http.postJson("/api/login",
                "\n {\"username\":\"alice\",\"password\":\"alice-password\"} \r\n").status());
    }

    /**
     * Bob's login, his name spelt in bytes that are not UTF-8, or the whole body in another encoding. A lenient
     * decoder reads {@code 0xC1 0xA2} as {@code b}, and guesses UTF-16 or UTF-32 from where the zero bytes are.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void aBodyThatIsNotUtf8IsInvalidInputAndLogsNobodyIn(String what, byte[] body) {
        assertError(raw.send(LOG_IN, body), 400, "INVALID_INPUT");
    }

    static Stream<Arguments> aBodyThatIsNotUtf8IsInvalidInputAndLogsNobodyIn() {
        return Stream.of(
                Arguments.of("an overlong b in two bytes", bobSpelt(0xC1, 0xA2)),
                Arguments.of("an overlong b in three bytes", bobSpelt(0xE0, 0x81, 0xA2)),
                Arguments.of("a surrogate", bobSpelt(0xED, 0xA0, 0x80)),
                Arguments.of("a byte UTF-8 never has", bobSpelt(0xFF)),
                Arguments.of("UTF-16BE", BOB.getBytes(StandardCharsets.UTF_16BE)),
                Arguments.of("UTF-16LE", BOB.getBytes(StandardCharsets.UTF_16LE)),
                Arguments.of("UTF-32BE", BOB.getBytes(Charset.forName("UTF-32BE"))),
                Arguments.of("UTF-32LE", BOB.getBytes(Charset.forName("UTF-32LE"))),
                Arguments.of("UTF-16 with its byte order mark", BOB.getBytes(StandardCharsets.UTF_16)),
                Arguments.of("UTF-8 with a byte order mark", concat(bytes(0xEF, 0xBB, 0xBF),
                        BOB.getBytes(StandardCharsets.UTF_8))));
    }

    /** RFC 8259: JSON exchanged between systems is UTF-8; a body that says it is anything else is not read. */
    @ParameterizedTest
    @ValueSource(strings = {"x-nonexistent", "utf-16", "ISO-8859-1", "utf8", "us-ascii"})
    void aCharsetOtherThanUtf8IsAnUnsupportedMediaType(String charset) {
        assertError(http.post("/api/login", BOB, "Content-Type", "application/json; charset=" + charset), 415,
                "UNSUPPORTED_MEDIA_TYPE");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json; charset=UTF-8", "application/json;charset=\"utf-8\"",
            "Application/JSON; Charset=Utf-8"})
    void utf8MayBeSaidInAnyCase(String contentType) {
        assertEquals(200, http.post("/api/login", BOB, "Content-Type", contentType).status());
    }

    @Test
    void nonAsciiTextInUtf8IsRead() {
        Http.Answer answer = raw.send(LOG_IN, "{\"username\":\"b\u00f6b\",\"password\":\"bob-password\"}"
                .getBytes(StandardCharsets.UTF_8));
        assertError(answer, 401, "INVALID_CREDENTIALS");
    }

    /** Bob's login with {@code bo} followed by {@code spelling} where his name ends. */
    private static byte[] bobSpelt(int... spelling) {
        return concat("{\"username\":\"bo".getBytes(StandardCharsets.US_ASCII), bytes(spelling),
                "\",\"password\":\"bob-password\"}".getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
