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
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
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
    private static final ClientAddress CLIENT = new ClientAddress("192.0.2.10");
    private static final ClientAddress ANOTHER_CLIENT = new ClientAddress("198.51.100.20");
    /** Room for every start of a test that is not about the limit. */
    private static final OpenPerAddressLimit ROOMY = OpenPerAddressLimit.defaults();

    private PendingAuthorizationStore store;

    protected abstract PendingAuthorizationStore emptyPendingAuthorizationStore();

    protected abstract UserId aUser();

    @BeforeEach
    void startEmpty() {
        store = emptyPendingAuthorizationStore();
    }

    private static PendingAuthorization.Open started(String state, Purpose purpose, Instant at) {
        return started(state, purpose, CLIENT, at);
    }

    private static PendingAuthorization.Open started(String state, Purpose purpose, ClientAddress client,
                                                     Instant at) {
        return PendingAuthorization.start(AuthorizationStateHash.of(state), KEYCLOAK, purpose, "nonce-" + state,
                "verifier-" + state, BrowserBinding.of("browser-" + state), client, at,
                AuthorizationPolicy.defaults());
    }

    private void added(PendingAuthorization.Open open) {
        assertEquals(Optional.empty(), store.add(open, ROOMY));
    }

    @Test
    void anAddedOneIsFoundAsAddedForASignInAndForALink() {
        PendingAuthorization.Open signIn = started("one", new Purpose.SignIn(), NOW);
        PendingAuthorization.Open link = started("two", new Purpose.Link(aUser()), NOW);
        added(signIn);
        added(link);
        assertEquals(Optional.of(signIn), store.find(signIn.state()));
        assertEquals(Optional.of(link), store.find(link.state()));
        assertEquals(Optional.empty(), store.find(AuthorizationStateHash.of("other")));
    }

    @Test
    void aUseIsKeptOnceAndTheSecondFindsItUsed() {
        PendingAuthorization.Open open = started("one", new Purpose.Link(aUser()), NOW);
        added(open);
        PendingAuthorization.Used used = open.use(NOW.plusSeconds(5));
        assertTrue(store.use(open, used));
        assertFalse(store.use(open, open.use(NOW.plusSeconds(6))));
        assertEquals(Optional.of(used), store.find(open.state()));
    }

    @Test
    void ofManyUsesAtTheSameTimeOneWins() throws Exception {
        PendingAuthorization.Open open = started("raced", new Purpose.SignIn(), NOW);
        added(open);
        List<Callable<Boolean>> uses = IntStream.range(0, 8)
                .<Callable<Boolean>>mapToObj(i -> () -> store.use(open, open.use(NOW.plusSeconds(i + 1)))).toList();
        assertEquals(1, AtTheSameTime.run(uses).stream().filter(Boolean::booleanValue).count());
    }

    @Test
    void theExpiredAreForgottenInBatches() {
        PendingAuthorization.Open old = started("old", new Purpose.SignIn(), NOW);
        PendingAuthorization.Open older = started("older", new Purpose.SignIn(), NOW.minusSeconds(60));
        PendingAuthorization.Open fresh = started("fresh", new Purpose.SignIn(), NOW.plusSeconds(3600));
        List.of(old, older, fresh).forEach(this::added);
        assertEquals(1, store.forgetExpiredBy(old.expiresAt(), 1));
        assertEquals(1, store.forgetExpiredBy(old.expiresAt(), 5));
        assertEquals(0, store.forgetExpiredBy(old.expiresAt(), 5));
        assertTrue(store.find(fresh.state()).isPresent());
    }

    @Test
    void aClientHoldsNoMoreOpenThanTheLimitAndIsToldWhenTheFirstExpires() {
        OpenPerAddressLimit two = new OpenPerAddressLimit(2);
        PendingAuthorization.Open first = started("first", new Purpose.SignIn(), NOW);
        assertEquals(Optional.empty(), store.add(first, two));
        assertEquals(Optional.empty(), store.add(started("second", new Purpose.Link(aUser()), NOW.plusSeconds(1)),
                two));
        PendingAuthorization.Open third = started("third", new Purpose.SignIn(), NOW.plusSeconds(30));
        assertEquals(Optional.of(Duration.between(third.createdAt(), first.expiresAt())), store.add(third, two));
        assertEquals(Optional.empty(), store.find(third.state()));
        PendingAuthorization.Open elsewhere = started("elsewhere", new Purpose.SignIn(), ANOTHER_CLIENT,
                NOW.plusSeconds(30));
        assertEquals(Optional.empty(), store.add(elsewhere, two));
        assertEquals(Optional.of(elsewhere), store.find(elsewhere.state()));
    }

    @Test
    void theUsedAndTheExpiredAreNotHeld() {
        OpenPerAddressLimit one = new OpenPerAddressLimit(1);
        PendingAuthorization.Open used = started("used", new Purpose.SignIn(), NOW);
        assertEquals(Optional.empty(), store.add(used, one));
        assertTrue(store.use(used, used.use(NOW.plusSeconds(1))));
        PendingAuthorization.Open expiring = started("expiring", new Purpose.SignIn(), NOW.plusSeconds(2));
        assertEquals(Optional.empty(), store.add(expiring, one));
        PendingAuthorization.Open later = started("later", new Purpose.SignIn(), expiring.expiresAt());
        assertEquals(Optional.empty(), store.add(later, one));
        assertEquals(Optional.of(later), store.find(later.state()));
    }

    /** Starts by one client released at once: no more are kept than the limit lets through, however they interleave. */
    @Test
    void startsArrivingTogetherKeepNoMoreThanTheLimit() throws Exception {
        OpenPerAddressLimit three = new OpenPerAddressLimit(3);
        List<PendingAuthorization.Open> burst = IntStream.range(0, 12)
                .mapToObj(i -> started("burst-" + i, new Purpose.SignIn(), NOW)).toList();
        List<Optional<Duration>> answers = AtTheSameTime.run(burst.stream()
                .<Callable<Optional<Duration>>>map(open -> () -> store.add(open, three)).toList());
        assertEquals(3, answers.stream().filter(Optional::isEmpty).count());
        assertEquals(3, burst.stream().filter(open -> store.find(open.state()).isPresent()).count());
    }
}
