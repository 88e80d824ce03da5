package dev.authservice.domain.federation;

import dev.authservice.domain.network.ClientAddress;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An authorization request sent to an identity provider, waiting for the browser to come back with its code. It keeps
 * what the callback needs to check the answer: the {@code nonce} the ID token must carry, the PKCE code verifier the
 * code is exchanged with, the provider it was sent to, what it is for, and the browser that started it. Only the
 * {@code state}'s hash is kept. Every state, every transition:
 *
 * <pre>
 *   start ─────────────────────────────────────────────────────▶ Open (state to the provider, binding to a cookie)
 *
 *   callback with an unknown state ────────────────────────────▶ refused: UNKNOWN
 *   callback with the state of a Used one ─────────────────────▶ refused: USED
 *   callback with an Open one ─┬─ at or after its expiresAt ───▶ refused: EXPIRED
 *                              ├─ on another provider's path ──▶ refused: OTHER_PROVIDER
 *                              ├─ from another browser ────────▶ refused: OTHER_BROWSER
 *                              └─ otherwise ───────────────────▶ Used, once; then its code is exchanged
 * </pre>
 *
 * A store replaces an {@link Open} one only if it is still open, so of two callbacks with one state one goes on and
 * the other finds it used; it is used before the code is exchanged, so a replayed state never reaches the provider.
 */
public sealed interface PendingAuthorization {

    AuthorizationStateHash state();

    ProviderName provider();

    Purpose purpose();

    Instant createdAt();

    Instant expiresAt();

    /** A new request to {@code provider} by {@code client}, open for the policy's time. */
    static Open start(AuthorizationStateHash state, ProviderName provider, Purpose purpose, String nonce,
                      String codeVerifier, BrowserBinding browser, ClientAddress client, Instant now,
                      AuthorizationPolicy policy) {
        return new Open(state, provider, purpose, nonce, codeVerifier, browser, client.network(), now,
                now.plus(policy.lifetime()));
    }

    /**
     * What a callback on {@code provider}'s path from the browser holding {@code browser} means at {@code at}, given
     * what the store has on record for its state.
     */
    static Decision present(Optional<PendingAuthorization> onRecord, ProviderName provider,
                            Optional<BrowserBinding> browser, Instant at) {
        if (onRecord.isEmpty()) {
            return new Decision.Refused(Refusal.UNKNOWN);
        }
        if (!(onRecord.get() instanceof Open open)) {
            return new Decision.Refused(Refusal.USED);
        }
        if (!at.isBefore(open.expiresAt())) {
            return new Decision.Refused(Refusal.EXPIRED);
        }
        if (!open.provider().equals(provider)) {
            return new Decision.Refused(Refusal.OTHER_PROVIDER);
        }
        if (browser.isEmpty() || !open.browser().matches(browser.get())) {
            return new Decision.Refused(Refusal.OTHER_BROWSER);
        }
        return new Decision.Usable(open);
    }

    /**
     * @param nonce        the value the ID token must carry back, random
     * @param codeVerifier the PKCE verifier whose S256 challenge went with the request
     * @param browser      the hash of the cookie the starting browser holds
     * @param client       the client it was started by, as {@link ClientAddress#network()} counts it, for the
     *                     {@link dev.authservice.domain.network.OpenPerAddressLimit} of pending authorizations
     */
    record Open(AuthorizationStateHash state, ProviderName provider, Purpose purpose, String nonce,
                String codeVerifier, BrowserBinding browser, String client, Instant createdAt, Instant expiresAt)
            implements PendingAuthorization {

        public Open {
            requireCommon(state, provider, purpose, createdAt, expiresAt);
            Objects.requireNonNull(nonce, "nonce");
            Objects.requireNonNull(codeVerifier, "codeVerifier");
            Objects.requireNonNull(browser, "browser");
            Objects.requireNonNull(client, "client");
        }

        /** Its callback came: used up, whatever the code exchange brings. */
        public Used use(Instant at) {
            return new Used(state, provider, purpose, createdAt, expiresAt, at);
        }

        @Override
        public String toString() {
            return "Open[" + state + ", " + provider + ", " + purpose + ", ****, expires " + expiresAt + "]";
        }
    }

    /** Its callback came; the nonce and verifier are forgotten, and a second callback is refused. */
    record Used(AuthorizationStateHash state, ProviderName provider, Purpose purpose, Instant createdAt,
                Instant expiresAt, Instant usedAt) implements PendingAuthorization {
        public Used {
            requireCommon(state, provider, purpose, createdAt, expiresAt);
            Objects.requireNonNull(usedAt, "usedAt");
        }
    }

    /** What a callback means before its code is looked at. */
    sealed interface Decision {

        <T> T match(Function<Usable, T> usable, Function<Refused, T> refused);

        record Usable(Open open) implements Decision {
            @Override
            public <T> T match(Function<Usable, T> usable, Function<Refused, T> refused) {
                return usable.apply(this);
            }
        }

        record Refused(Refusal why) implements Decision {
            @Override
            public <T> T match(Function<Usable, T> usable, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }

    /** Why a callback is refused, in the order {@link #present} asks. */
    enum Refusal { UNKNOWN, USED, EXPIRED, OTHER_PROVIDER, OTHER_BROWSER }

    private static void requireCommon(AuthorizationStateHash state, ProviderName provider, Purpose purpose,
                                      Instant createdAt, Instant expiresAt) {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(purpose, "purpose");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        if (!expiresAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a pending authorization expires after it starts");
        }
    }
}
