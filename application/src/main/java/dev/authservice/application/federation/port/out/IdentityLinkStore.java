package dev.authservice.application.federation.port.out;

import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Optional;

/** The links of external identities to local accounts. An identity is linked to one account at most. */
public interface IdentityLinkStore {

    /** Adds {@code link}: false, and nothing written, when its identity is linked already, to anyone. */
    boolean add(IdentityLink link);

    Optional<IdentityLink> findByIdentity(ExternalIdentity identity);

    /** The user's links, oldest first. */
    List<IdentityLink> findByUser(UserId userId);

    /** Removes the link {@code id} of {@code userId}: false when the user holds no such link. */
    boolean remove(IdentityLinkId id, UserId userId);
}
