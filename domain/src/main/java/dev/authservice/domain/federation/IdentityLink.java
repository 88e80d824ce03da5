package dev.authservice.domain.federation;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * An external identity that signs into a local account. One identity links to one account at most; an account may
 * hold several. Nothing of the provider's tokens is kept: the pair that names the identity is all a sign-in needs.
 *
 * @param provider the configured provider it was linked through, to show the user and to route a sign-in
 */
public record IdentityLink(IdentityLinkId id, UserId userId, ProviderName provider, ExternalIdentity identity,
                           Instant linkedAt) {

    public IdentityLink {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(linkedAt, "linkedAt");
    }

    /**
     * Whether removing this link leaves its user a way to sign in: a password, or another link. An account made
     * through a provider has no password until its user sets one, so it keeps its last link. A passkey does not
     * count: configuration may turn passkey sign-in off, and a device is easily lost.
     */
    public boolean removableWith(boolean userHasPassword, int linksOfTheUser) {
        return userHasPassword || linksOfTheUser > 1;
    }
}
