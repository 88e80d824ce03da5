package dev.authservice.adapter.in.web;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * Where clients reach this service, from the configuration alone ({@code auth.public-url}, else a URL issuer): the
 * base of the URLs its authorization server metadata names. Never read from a request: {@code Host},
 * {@code X-Forwarded-Host} and {@code Forwarded} are the client's to write, and the metadata is cacheable, so a shared
 * cache would hand an attacker's {@code jwks_uri} to every resource server that asks after it. {@link #NONE} when
 * nothing names it: the metadata is then not published.
 */
public final class PublicUrl {

    public static final PublicUrl NONE = new PublicUrl(null);

    private final String base;

    private PublicUrl(String base) {
        this.base = base;
    }

    /**
     * {@code http(s)://host[:port][/path]}, a trailing slash left out. Throws {@link IllegalArgumentException} saying
     * what is wrong with anything else: a relative URL, another scheme, user information, a query or a fragment.
     */
    public static PublicUrl of(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw notAPublicUrl(url);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null || uri.getRawUserInfo() != null
                || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw notAPublicUrl(url);
        }
        String text = uri.toString();
        return new PublicUrl(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
    }

    private static IllegalArgumentException notAPublicUrl(String url) {
        return new IllegalArgumentException("'" + url + "' is not a public URL: write http(s)://host[:port][/path], "
                + "with no query or fragment");
    }

    /** The absolute URL of {@code path} (which starts with {@code /}), unless no public URL is configured. */
    public Optional<String> resolve(String path) {
        return Optional.ofNullable(base).map(url -> url + path);
    }
}
