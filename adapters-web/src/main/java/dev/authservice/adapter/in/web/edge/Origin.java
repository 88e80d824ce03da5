package dev.authservice.adapter.in.web.edge;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A web origin as browsers write it in the {@code Origin} header: {@code scheme://host[:port]}, in lower case, and
 * nothing else. Anything else there ({@code null}, which a sandboxed frame or a redirect sends, or garbage) names no
 * origin.
 */
public record Origin(String scheme, String authority) {

    private static final Pattern ORIGIN =
            Pattern.compile("(https?)://((?:[a-z0-9.-]+|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?)");

    static Optional<Origin> parse(String text) {
        Matcher origin = ORIGIN.matcher(text.strip().toLowerCase(Locale.ROOT));
        return origin.matches() ? Optional.of(new Origin(origin.group(1), origin.group(2))) : Optional.empty();
    }

    /** Whether a request with this {@code Host} was sent to this origin; the scheme is a proxy's business. */
    boolean isHost(String host) {
        return authority.equalsIgnoreCase(host.strip());
    }
}
