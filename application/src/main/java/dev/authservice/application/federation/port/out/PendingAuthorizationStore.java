package dev.authservice.application.federation.port.out;

import dev.authservice.domain.federation.AuthorizationStateHash;
import dev.authservice.domain.federation.PendingAuthorization;
import java.time.Instant;
import java.util.Optional;

/** The authorizations sent to providers and not yet come back ({@link PendingAuthorization}), by their state's hash. */
public interface PendingAuthorizationStore {

    void add(PendingAuthorization.Open open);

    Optional<PendingAuthorization> find(AuthorizationStateHash state);

    /** Replaces {@code open} by {@code used} only if it is still open: of two callbacks with one state, one is true. */
    boolean use(PendingAuthorization.Open open, PendingAuthorization.Used used);

    /** Forgets up to {@code limit} of those that expired at or before {@code cutoff}: how many. */
    int forgetExpiredBy(Instant cutoff, int limit);
}
