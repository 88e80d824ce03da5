package dev.authservice.bootstrap.logging;

import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.nio.charset.StandardCharsets;

/**
 * Logback's JSON lines, each one line: its encoder escapes C0 controls but writes C1 controls and U+2028 and U+2029
 * as they are. They can only stand inside a JSON string (the rest of the line is ASCII), where {@link LineBreaks}
 * writes them as JSON escapes: a reader of the JSON gets the text back unchanged. The audit lines use it
 * (logback.xml).
 */
public final class OneLineJsonEncoder extends JsonEncoder {

    private static final String LINE_END = "\n";

    @Override
    public byte[] encode(ILoggingEvent event) {
        byte[] encoded = super.encode(event);
        String line = new String(encoded, StandardCharsets.UTF_8);
        boolean ended = line.endsWith(LINE_END);
        String content = ended ? line.substring(0, line.length() - LINE_END.length()) : line;
        String escaped = LineBreaks.escape(content);
        if (escaped.equals(content)) {
            return encoded;
        }
        return (ended ? escaped + LINE_END : escaped).getBytes(StandardCharsets.UTF_8);
    }
}
