package dev.authservice.adapter.in.web.edge.connection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A request's {@code Transfer-Encoding}, read as RFC 9110 §10.1.4 writes it: a comma-separated list of codings, over
 * one or more header lines, each coding a token with optional parameters; the list's order is the order in which they
 * were applied, so the final one frames the body (RFC 9112 §6.1).
 */
final class TransferEncoding {

    private static final String TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
    private static final Pattern CODING = Pattern.compile(
            TOKEN + "(?:[ \t]*;[ \t]*" + TOKEN + "[ \t]*=[ \t]*(?:" + TOKEN + "|\"[^\"]*\"))*");
    private static final Pattern OPTIONAL_WHITESPACE = Pattern.compile("^[ \t]+|[ \t]+$");
    private static final String CHUNKED = "chunked";

    private TransferEncoding() {
    }

    /**
     * Whether {@code fieldValues} list codings whose final one is chunked, applied that once (RFC 9112 §6.1 forbids it
     * twice). False for any other list, one that cannot be read included, and for none at all.
     */
    static boolean endsInChunked(List<String> fieldValues) {
        List<String> codings = new ArrayList<>();
        for (String value : fieldValues) {
            for (String element : value.split(",", -1)) {
                String coding = OPTIONAL_WHITESPACE.matcher(element).replaceAll("");
                if (!coding.isEmpty()) { // the list syntax allows empty elements
                    codings.add(coding);
                }
            }
        }
        if (codings.isEmpty() || !codings.stream().allMatch(coding -> CODING.matcher(coding).matches())) {
            return false;
        }
        long chunked = codings.stream().filter(coding -> coding.toLowerCase(Locale.ROOT).equals(CHUNKED)).count();
        return chunked == 1 && codings.get(codings.size() - 1).toLowerCase(Locale.ROOT).equals(CHUNKED);
    }
}
