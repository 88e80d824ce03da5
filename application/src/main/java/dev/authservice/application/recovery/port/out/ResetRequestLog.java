package dev.authservice.application.recovery.port.out;

import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The reset requests let through lately, by the identifier they named and by the client's network. */
public interface ResetRequestLog {

    /**
     * Asks {@code limit} whether a request under {@code key} may go ahead at {@code now}, given the requests let
     * through before it under its identifier and its client's network, and records it if so; returns how long it
     * must wait otherwise. Atomic: requests that arrive together, on any instance, are decided one after another, so
     * no more pass than the limit lets through. A refused request is not recorded.
     */
    Optional<Duration> tryRequest(ResetRequestKey key, Instant now, ResetRequestLimit limit);

    /** Forgets up to {@code limit} requests made at or before {@code cutoff}; returns how many. */
    int forgetBefore(Instant cutoff, int limit);
}
