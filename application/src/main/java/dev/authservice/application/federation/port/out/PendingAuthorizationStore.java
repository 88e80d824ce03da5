package dev.authservice.application.federation.port.out;

import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.PendingAuthorization;
import dev.authservice.domain.network.OpenPerAddressLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The authorizations sent to providers and not yet come back ({@link PendingAuthorization}), by their state's hash. */
public interface PendingAuthorizationStore {

    /**
     * Keeps {@code open} unless its client holds as many open ones (unused, unexpired at its {@code createdAt}) as
     * {@code limit} lets it; then keeps nothing and returns how long until the first of them expires. Atomic: starts
     * by one client that arrive together, on any instance, are counted one after another, so no more are kept than
     * the limit lets through.
     */
    Optional<Duration> add(PendingAuthorization.Open open, OpenPerAddressLimit limit);

    Optional<PendingAuthorization> find(AuthorizationStateHash state);

    /** Replaces {@code open} by {@code used} only if it is still open: of two callbacks with one state, one is true. */
    boolean use(PendingAuthorization.Open open, PendingAuthorization.Used used);

    /** Forgets up to {@code limit} of those that expired at or before {@code cutoff}: how many. */
    int forgetExpiredBy(Instant cutoff, int limit);
}
