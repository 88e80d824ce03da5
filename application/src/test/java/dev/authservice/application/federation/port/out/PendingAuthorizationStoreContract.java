package dev.authservice.application.federation.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.federation.AuthorizationPolicy;
import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.BrowserBinding;
import dev.authservice.domain.federation.PendingAuthorization;
import dev.authservice.domain.federation.ProviderName;
import dev.authservice.domain.federation.Purpose;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PendingAuthorizationStore} promises. An implementation's test hands out an empty store whose
 * users {@link #aUser()} makes.
 */
public abstract class PendingAuthorizationStoreContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final ProviderName KEYCLOAK = new ProviderName("keycloak");

    private PendingAuthorizationStore store;

    protected abstract PendingAuthorizationStore emptyPendingAuthorizationStore();

    protected abstract UserId aUser();

    @BeforeEach
    void startEmpty() {
        store = emptyPendingAuthorizationStore();
    }

    private static PendingAuthorization.Open started(String state, Purpose purpose, Instant at) {
        return PendingAuthorization.start(AuthorizationStateHash.of(state), KEYCLOAK, purpose, "nonce-" + state,
                "verifier-" + state, BrowserBinding.of("browser-" + state), at, AuthorizationPolicy.defaults());
    }

    @Test
    void anAddedOneIsFoundAsAddedForASignInAndForALink() {
        PendingAuthorization.Open signIn = started("one", new Purpose.SignIn(), NOW);
        PendingAuthorization.Open link = started("two", new Purpose.Link(aUser()), NOW);
        store.add(signIn);
        store.add(link);
        assertEquals(Optional.of(signIn), store.find(signIn.state()));
        assertEquals(Optional.of(link), store.find(link.state()));
        assertEquals(Optional.empty(), store.find(AuthorizationStateHash.of("other")));
    }

    @Test
    void aUseIsKeptOnceAndTheSecondFindsItUsed() {
        PendingAuthorization.Open open = started("one", new Purpose.Link(aUser()), NOW);
        store.add(open);
        PendingAuthorization.Used used = open.use(NOW.plusSeconds(5));
        assertTrue(store.use(open, used));
        assertFalse(store.use(open, open.use(NOW.plusSeconds(6))));
        assertEquals(Optional.of(used), store.find(open.state()));
    }

    @Test
    void ofManyUsesAtTheSameTimeOneWins() throws Exception {
        PendingAuthorization.Open open = started("raced", new Purpose.SignIn(), NOW);
        store.add(open);
        List<Callable<Boolean>> uses = IntStream.range(0, 8)
                .<Callable<Boolean>>mapToObj(i -> () -> store.use(open, open.use(NOW.plusSeconds(i + 1)))).toList();
        assertEquals(1, AtTheSameTime.run(uses).stream().filter(Boolean::booleanValue).count());
    }

    @Test
    void theExpiredAreForgottenInBatches() {
        PendingAuthorization.Open old = started("old", new Purpose.SignIn(), NOW);
        PendingAuthorization.Open older = started("older", new Purpose.SignIn(), NOW.minusSeconds(60));
        PendingAuthorization.Open fresh = started("fresh", new Purpose.SignIn(), NOW.plusSeconds(3600));
        List.of(old, older, fresh).forEach(store::add);
        assertEquals(1, store.forgetExpiredBy(old.expiresAt(), 1));
        assertEquals(1, store.forgetExpiredBy(old.expiresAt(), 5));
        assertEquals(0, store.forgetExpiredBy(old.expiresAt(), 5));
        assertTrue(store.find(fresh.state()).isPresent());
    }
}
