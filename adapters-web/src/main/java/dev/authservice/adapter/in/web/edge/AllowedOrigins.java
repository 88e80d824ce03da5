package dev.authservice.adapter.in.web.edge;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The origins of other sites whose pages may send state-changing requests ({@code auth.http.allowed-origins}): for
 * example a front end on a sibling host, or this service's public name when a proxy rewrites {@code Host}. None by
 * default.
 */
public final class AllowedOrigins {

    public static final AllowedOrigins NONE = new AllowedOrigins(Set.of());

    private final Set<Origin> origins;

    private AllowedOrigins(Set<Origin> origins) {
        this.origins = origins;
    }

    /** Throws {@link IllegalArgumentException} naming the first entry that is not {@code scheme://host[:port]}. */
    public static AllowedOrigins of(List<String> entries) {
        return new AllowedOrigins(entries.stream()
                .map(entry -> Origin.parse(entry).orElseThrow(() -> new IllegalArgumentException(
                        "'" + entry + "' is not an origin: write http(s)://host[:port], with no path")))
                .collect(Collectors.toUnmodifiableSet()));
    }

    boolean contains(Origin origin) {
        return origins.contains(origin);
    }
}
