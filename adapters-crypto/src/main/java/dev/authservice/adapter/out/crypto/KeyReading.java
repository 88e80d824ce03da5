package dev.authservice.adapter.out.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One way the text of a key can be taken as bytes: the text itself (as the HS256 secret is used), or, when the text is
 * hex or base64 (or base64url), the bytes it decodes to (as the sealing and grace keys are used, and as a guesser
 * reads a key that looks encoded). A key is as weak as the weakest of its readings.
 *
 * @param subject how a refusal speaks of the reading: {@code it}, {@code its hex-decoding}, {@code its base64-decoding}
 * @param text    the reading as text a person could have written, if it is such text
 * @param decoded whether the reading is decoded bytes rather than the text as configured
 */
record KeyReading(String subject, byte[] bytes, Optional<String> text, boolean decoded) {

    private static final Pattern HEX = Pattern.compile("(?:[0-9a-fA-F]{2})+");
    /** As the sealing and grace keys are decoded: either alphabet, padded or not. */
    private static final Pattern BASE64 = Pattern.compile("[A-Za-z0-9+/_-]+={0,2}");

    /** Every reading of {@code text}: the text first, then its hex-decoding and base64-decoding where it has them. */
    static List<KeyReading> of(String text) {
        List<KeyReading> readings = new ArrayList<>();
        readings.add(new KeyReading("it", text.getBytes(UTF_8), Optional.of(text), false));
        String stripped = text.strip();
        if (HEX.matcher(stripped).matches()) {
            readings.add(decoded("its hex-decoding", HexFormat.of().parseHex(stripped)));
        }
        if (BASE64.matcher(stripped).matches()) {
            try {
                byte[] bytes = Base64.getDecoder().decode(stripped.replace('-', '+').replace('_', '/'));
                if (bytes.length > 0) {
                    readings.add(decoded("its base64-decoding", bytes));
                }
            } catch (IllegalArgumentException notBase64) {
                // A length base64 cannot have: no such reading.
            }
        }
        return readings;
    }

    /**
     * Decoded bytes are text when they are UTF-8 with no control character but line breaks and tabs: a key made by
     * encoding a phrase is, 32 random bytes are about once in 10^10, and 48 once in 10^15.
     */
    private static KeyReading decoded(String subject, byte[] bytes) {
        try {
            String text = UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            boolean written = text.codePoints().noneMatch(c -> Character.isISOControl(c) && !Character.isWhitespace(c));
            return new KeyReading(subject, bytes, written ? Optional.of(text) : Optional.empty(), true);
        } catch (CharacterCodingException notText) {
            return new KeyReading(subject, bytes, Optional.empty(), true);
        }
    }
}
