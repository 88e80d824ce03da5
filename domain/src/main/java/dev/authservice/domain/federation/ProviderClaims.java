package dev.authservice.domain.federation;

import dev.authservice.domain.mail.EmailAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a verified ID token says of its user beside who they are: what a new account through the provider starts
 * with, and how the provider checked its user ({@code acr}, {@code amr}). An address is here only if the provider
 * said it verified it ({@code email_verified}), and even then links nothing by itself.
 */
public record ProviderClaims(Optional<String> preferredUsername, Optional<String> name,
                             Optional<EmailAddress> verifiedEmail, Optional<String> acr, List<String> amr) {

    public static final ProviderClaims NONE =
            new ProviderClaims(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of());

    public ProviderClaims {
        Objects.requireNonNull(preferredUsername, "preferredUsername");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(verifiedEmail, "verifiedEmail");
        Objects.requireNonNull(acr, "acr");
        amr = List.copyOf(amr);
    }
}
