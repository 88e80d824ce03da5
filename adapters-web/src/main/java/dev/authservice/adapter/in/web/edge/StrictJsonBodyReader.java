package dev.authservice.adapter.in.web.edge;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.type.Argument;
import io.micronaut.core.type.Headers;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.body.TypedMessageBodyReader;
import io.micronaut.jackson.core.tree.JsonNodeTreeCodec;
import io.micronaut.json.body.JsonMessageHandler;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads a request body ({@link JsonBody}'s tree) as exactly one JSON value. Micronaut's own reader keeps the last of
 * two equal keys and stops at the end of the first value, so {@code {"password": "wrong", "password": "right"}} and
 * {@code {...} xyz} were read as if well-formed: a body a proxy, a log or a firewall in front reads differently from
 * this service. Jackson refuses the duplicate ({@link StreamReadFeature#STRICT_DUPLICATE_DETECTION}); what follows the
 * value is checked here, as no parser feature does. Both are 400 {@code INVALID_INPUT}.
 * <p>
 * A body is UTF-8 (RFC 8259 §8.1), decoded strictly before Jackson sees it. Jackson's own decoder read an overlong
 * form ({@code bo\xC1\xA2} logged in as {@code bob}) and guessed UTF-16 or UTF-32 from the bytes, so two readers
 * could disagree on a name. A sequence that is not UTF-8 (overlong, a surrogate, beyond U+10FFFF, a stray byte) and a
 * byte order mark are 400 {@code INVALID_INPUT}; a declared charset other than UTF-8 never gets here
 * ({@link JsonContentTypeFilter}).
 * <p>
 * Ordered before Micronaut's JSON reader, which still reads every other type.
 */
@Singleton
@Order(JsonMessageHandler.ORDER - 1)
@Consumes(MediaType.APPLICATION_JSON)
class StrictJsonBodyReader implements TypedMessageBodyReader<JsonNode> {

    private static final JsonFactory STRICT = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    @Override
    public Argument<JsonNode> getType() {
        return Argument.of(JsonNode.class);
    }

    @Override
    public @Nullable JsonNode read(Argument<JsonNode> type, MediaType mediaType, Headers httpHeaders,
                                   InputStream body) {
        try (JsonParser parser = STRICT.createParser(utf8(body.readAllBytes()))) {
            if (parser.nextToken() == null) {
                return null;
            }
            JsonNode value = JsonNodeTreeCodec.getInstance().readTree(parser);
            if (parser.nextToken() != null) {
                throw new ApiException(CommonErrorCode.INVALID_INPUT,
                        "the body must be one JSON value, with nothing after it");
            }
            return value;
        } catch (IOException e) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT,
                    "the body must be well-formed JSON, with no key twice in one object");
        }
    }

    /** The body decoded as UTF-8 alone: a malformed sequence is refused, never replaced or read another way. */
    private static String utf8(byte[] body) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "the body must be UTF-8");
        }
        if (!text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "the body must be UTF-8 without a byte order mark");
        }
        return text;
    }
}
