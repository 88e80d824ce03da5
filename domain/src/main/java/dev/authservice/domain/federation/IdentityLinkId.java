package dev.authservice.domain.federation;

import java.util.Objects;
import java.util.UUID;

/** The id of an {@link IdentityLink}: what a user or an administrator names it by to remove it. */
public record IdentityLinkId(UUID value) {

    public IdentityLinkId {
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
