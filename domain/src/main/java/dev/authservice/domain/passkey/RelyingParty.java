package dev.authservice.domain.passkey;

import dev.authservice.domain.Require;
import java.util.Objects;
import java.util.Set;

/**
 * This service as WebAuthn sees it: the relying-party id passkeys are scoped to (a host name such as
 * {@code example.com}), the name authenticators show, and the origins ({@code https://app.example.com}) whose pages
 * may run the ceremonies. A response signed for another id or sent from another origin is refused.
 */
public record RelyingParty(String id, String name, Set<String> origins) {

    public RelyingParty {
        Require.text("rp-id", id, 253);
        Require.text("rp-name", name, 64);
        Objects.requireNonNull(origins, "origins");
        if (origins.isEmpty()) {
            throw new IllegalArgumentException("origins must name at least one origin");
        }
        origins = Set.copyOf(origins);
    }
}
