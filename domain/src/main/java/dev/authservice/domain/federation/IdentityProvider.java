package dev.authservice.domain.federation;

import dev.authservice.domain.Require;
import java.util.Objects;

/**
 * A configured identity provider: the name its paths carry and the name its button shows, whether an identity it
 * vouches for that no account is linked to makes a new account ({@code signUp}), and which of its claims stand for
 * a second factor.
 */
public record IdentityProvider(ProviderName name, String displayName, boolean signUp, SecondFactorTrust trust) {

    public static final int MAX_DISPLAY_NAME_LENGTH = 64;

    public IdentityProvider {
        Objects.requireNonNull(name, "name");
        Require.text("displayName", displayName, MAX_DISPLAY_NAME_LENGTH);
        Objects.requireNonNull(trust, "trust");
    }

    /** A provider that only signs linked accounts in, and whose own second factors stand for none of theirs. */
    public IdentityProvider(ProviderName name, String displayName) {
        this(name, displayName, false, SecondFactorTrust.NONE);
    }
}
