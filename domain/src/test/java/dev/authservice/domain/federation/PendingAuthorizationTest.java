package dev.authservice.domain.federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.federation.PendingAuthorization.Decision;
import dev.authservice.domain.federation.PendingAuthorization.Refusal;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PendingAuthorizationTest {

    private static final Instant NOW = Instant.parse("2026-12-02T08:00:00Z");
    private static final ProviderName KEYCLOAK = new ProviderName("keycloak");
    private static final BrowserBinding BROWSER = BrowserBinding.of("cookie of the browser that started it");
    private static final ClientAddress CLIENT = new ClientAddress("2001:db8:1:2:3:4:5:6");

    private static PendingAuthorization.Open started(Purpose purpose) {
        return PendingAuthorization.start(AuthorizationStateHash.of("state"), KEYCLOAK, purpose, "nonce",
                "verifier", BROWSER, CLIENT, NOW, AuthorizationPolicy.defaults());
    }

    private static Object outcome(Optional<PendingAuthorization> onRecord, ProviderName provider,
                                  Optional<BrowserBinding> browser, Instant at) {
        return PendingAuthorization.present(onRecord, provider, browser, at)
                .match(usable -> usable.open(), refused -> refused.why());
    }

    @Test
    void aStartedAuthorizationIsOpenForThePolicysTime() {
        PendingAuthorization.Open open = started(new Purpose.SignIn());
        assertEquals(NOW.plus(AuthorizationPolicy.DEFAULT_LIFETIME), open.expiresAt());
        assertEquals(open, outcome(Optional.of(open), KEYCLOAK, Optional.of(BROWSER),
                open.expiresAt().minusMillis(1)));
    }

    @Test
    void itNamesTheClientAsTheLimitOnOpenOnesCountsIt() {
        assertEquals("2001:db8:1:2:0:0:0:0/64", started(new Purpose.SignIn()).client());
    }

    @Test
    void anUnknownStateIsRefused() {
        assertEquals(Refusal.UNKNOWN, outcome(Optional.empty(), KEYCLOAK, Optional.of(BROWSER), NOW));
    }

    @Test
    void aUsedOneIsRefusedEvenInTimeAndFromItsBrowser() {
        PendingAuthorization.Used used = started(new Purpose.SignIn()).use(NOW.plusSeconds(1));
        assertEquals(Refusal.USED, outcome(Optional.of(used), KEYCLOAK, Optional.of(BROWSER), NOW.plusSeconds(2)));
    }

    @Test
    void anOpenOneIsRefusedFromItsExpiryOn() {
        PendingAuthorization.Open open = started(new Purpose.SignIn());
        assertEquals(Refusal.EXPIRED, outcome(Optional.of(open), KEYCLOAK, Optional.of(BROWSER), open.expiresAt()));
    }

    @Test
    void aStateBroughtBackToAnotherProvidersCallbackIsAMixUp() {
        assertEquals(Refusal.OTHER_PROVIDER, outcome(Optional.of(started(new Purpose.SignIn())),
                new ProviderName("other"), Optional.of(BROWSER), NOW));
    }

    @Test
    void aCallbackFromAnotherBrowserOrWithoutTheCookieIsRefused() {
        PendingAuthorization.Open open = started(new Purpose.SignIn());
        assertEquals(Refusal.OTHER_BROWSER, outcome(Optional.of(open), KEYCLOAK,
                Optional.of(BrowserBinding.of("another browser")), NOW));
        assertEquals(Refusal.OTHER_BROWSER, outcome(Optional.of(open), KEYCLOAK, Optional.empty(), NOW));
    }

    @Test
    void usingKeepsWhatItWasForAndForgetsTheSecrets() {
        UserId alice = new UserId(UUID.randomUUID());
        PendingAuthorization.Open open = started(new Purpose.Link(alice));
        PendingAuthorization.Used used = open.use(NOW.plusSeconds(5));
        assertEquals(new Purpose.Link(alice), used.purpose());
        assertEquals(Optional.of(alice), used.purpose().linkingUser());
        assertEquals(NOW.plusSeconds(5), used.usedAt());
        assertEquals(open.state(), used.state());
    }

    @Test
    void neitherSecretIsPrinted() {
        String printed = started(new Purpose.SignIn()).toString();
        assertEquals(-1, printed.indexOf("nonce"));
        assertEquals(-1, printed.indexOf("verifier"));
    }

    @Test
    void itExpiresAfterItStarts() {
        assertThrows(IllegalArgumentException.class, () -> new PendingAuthorization.Open(
                AuthorizationStateHash.of("s"), KEYCLOAK, new Purpose.SignIn(), "n", "v", BROWSER, CLIENT.network(), NOW,
                NOW));
        assertThrows(IllegalArgumentException.class, () -> new AuthorizationPolicy(Duration.ofHours(2)));
    }

    @Test
    void decisionsMatchTheirKind() {
        Decision usable = new Decision.Usable(started(new Purpose.SignIn()));
        assertEquals("usable", usable.match(u -> "usable", r -> "refused"));
        assertEquals("refused", new Decision.Refused(Refusal.USED).match(u -> "usable", r -> "refused"));
    }
}
