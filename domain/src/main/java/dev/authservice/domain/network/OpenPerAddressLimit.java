package dev.authservice.domain.network;

import dev.authservice.domain.Require;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How many of something anyone may start, and that is kept until it is finished or expires, one client address may
 * hold open at a time: challenges for a passkey alone, authorizations sent to an identity provider. Counted as the
 * login throttle counts ({@link ClientAddress#network()}), and shared by everyone behind that address, so the default
 * leaves room for a large NAT.
 *
 * @param maxOpenPerAddress at least 1, at most {@link #MAX_OPEN_PER_ADDRESS}
 */
public record OpenPerAddressLimit(int maxOpenPerAddress) {

    public static final int DEFAULT_MAX_OPEN_PER_ADDRESS = 1_000;
    /** A hundred times the default: some 20 MB of rows per address at most. */
    public static final int MAX_OPEN_PER_ADDRESS = 100_000;

    public OpenPerAddressLimit {
        Require.range("maxOpenPerAddress", maxOpenPerAddress, 1, MAX_OPEN_PER_ADDRESS);
    }

    public static OpenPerAddressLimit defaults() {
        return new OpenPerAddressLimit(DEFAULT_MAX_OPEN_PER_ADDRESS);
    }

    /**
     * How long a client holding {@code open} unexpired ones, the first of them expiring at {@code firstExpiresAt},
     * waits before it may start another; empty when it may now. Past the limit (one lowered since they were
     * started) it waits as at it: until enough have expired.
     */
    public Optional<Duration> waitBefore(long open, Optional<Instant> firstExpiresAt, Instant now) {
        if (open < maxOpenPerAddress) {
            return Optional.empty();
        }
        // Only unexpired ones are open, so at the limit there is a first, and it expires after now.
        return Optional.of(Duration.between(now, firstExpiresAt.orElseThrow()));
    }
}
