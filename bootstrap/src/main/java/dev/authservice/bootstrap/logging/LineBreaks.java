package dev.authservice.bootstrap.logging;

/**
 * Keeps a log line one line whatever text a request put into it. Line-oriented tools split on more than {@code \n}:
 * on NEL (U+0085, which a User-Agent byte 0x85 becomes) and on the Unicode line and paragraph separators. So every
 * control character, C0 and C1, and U+2028 and U+2029 are written as a backslash, {@code u} and four hex digits: in a
 * JSON string, the character itself, escaped.
 */
final class LineBreaks {

    private LineBreaks() {
    }

    static String escape(String text) {
        StringBuilder escaped = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean breaks = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (breaks && escaped == null) {
                escaped = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (breaks) {
                escaped.append(String.format("\\u%04X", (int) c));
            } else if (escaped != null) {
                escaped.append(c);
            }
        }
        return escaped == null ? text : escaped.toString();
    }
}
