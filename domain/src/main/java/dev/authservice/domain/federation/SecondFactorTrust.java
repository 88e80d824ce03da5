package dev.authservice.domain.federation;

import java.util.Objects;
import java.util.Set;

/**
 * Which {@code acr} and {@code amr} values of a provider's ID token this service takes as the provider's own check of
 * a second factor, in place of the account's: none unless configured, for what a provider's claims mean is its own
 * (an {@code amr} of {@code mfa} from a provider that lets its users choose is not one that demands it).
 */
public record SecondFactorTrust(Set<String> acr, Set<String> amr) {

    public static final SecondFactorTrust NONE = new SecondFactorTrust(Set.of(), Set.of());

    public SecondFactorTrust {
        acr = Set.copyOf(Objects.requireNonNull(acr, "acr"));
        amr = Set.copyOf(Objects.requireNonNull(amr, "amr"));
    }

    /** Whether {@code claims} name a trusted {@code acr}, or any trusted {@code amr} value. */
    public boolean vouchesForASecondFactor(ProviderClaims claims) {
        return claims.acr().filter(acr::contains).isPresent() || claims.amr().stream().anyMatch(amr::contains);
    }
}
