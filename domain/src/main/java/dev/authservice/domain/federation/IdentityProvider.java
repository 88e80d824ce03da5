package dev.authservice.domain.federation;

import dev.authservice.domain.Require;
import java.util.Objects;

/** A configured identity provider as users see it: the name its paths carry and the name its button shows. */
public record IdentityProvider(ProviderName name, String displayName) {

    public static final int MAX_DISPLAY_NAME_LENGTH = 64;

    public IdentityProvider {
        Objects.requireNonNull(name, "name");
        Require.text("displayName", displayName, MAX_DISPLAY_NAME_LENGTH);
    }
}
