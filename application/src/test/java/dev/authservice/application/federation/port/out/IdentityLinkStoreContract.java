package dev.authservice.application.federation.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link IdentityLinkStore} promises. An implementation's test hands out an empty store whose users
 * {@link #aUser()} makes.
 */
public abstract class IdentityLinkStoreContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final ProviderName KEYCLOAK = new ProviderName("keycloak");

    private IdentityLinkStore store;

    protected abstract IdentityLinkStore emptyIdentityLinkStore();

    /** A user the store may hold links of: one that exists where the store needs it to. */
    protected abstract UserId aUser();

    @BeforeEach
    void startEmpty() {
        store = emptyIdentityLinkStore();
    }

    private static IdentityLink link(UserId user, String subject, Instant at) {
        return new IdentityLink(new IdentityLinkId(UUID.randomUUID()), user, KEYCLOAK,
                new ExternalIdentity("https://idp.example/realms/a", subject), at);
    }

    @Test
    void anAddedLinkIsFoundByItsIdentityAndAmongItsUsersOldestFirst() {
        UserId alice = aUser();
        IdentityLink later = link(alice, "two", NOW.plusSeconds(60));
        IdentityLink first = link(alice, "one", NOW);
        assertTrue(store.add(later));
        assertTrue(store.add(first));
        assertTrue(store.add(link(aUser(), "bob's", NOW)));

        assertEquals(Optional.of(first), store.findByIdentity(first.identity()));
        assertEquals(List.of(first, later), store.findByUser(alice));
        assertEquals(Optional.empty(), store.findByIdentity(new ExternalIdentity("https://other.example", "one")));
    }

    @Test
    void anIdentityIsLinkedOnceToAnyone() {
        IdentityLink alices = link(aUser(), "same", NOW);
        assertTrue(store.add(alices));
        assertFalse(store.add(link(aUser(), "same", NOW)));
        assertFalse(store.add(link(alices.userId(), "same", NOW)));
        assertEquals(Optional.of(alices), store.findByIdentity(alices.identity()));
    }

    @Test
    void aLinkIsRemovedByItsOwnerOnly() {
        IdentityLink alices = link(aUser(), "one", NOW);
        store.add(alices);
        assertFalse(store.remove(alices.id(), aUser()));
        assertTrue(store.remove(alices.id(), alices.userId()));
        assertFalse(store.remove(alices.id(), alices.userId()));
        assertEquals(List.of(), store.findByUser(alices.userId()));
    }
}
