package dev.authservice.domain.passkey;

import dev.authservice.domain.Require;
import dev.authservice.domain.network.ClientAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How many challenges for a passkey alone one client address may hold unanswered: anyone may ask for one, and each is
 * kept until it is answered or expires. Counted as the login throttle counts ({@link ClientAddress#network()}), and
 * shared by everyone behind that address, so the default leaves room for a large NAT. A pending login's challenges are
 * not counted here: its ticket holds one at a time.
 *
 * @param maxOpenPerAddress at least 1, at most {@link #MAX_OPEN_PER_ADDRESS}
 */
public record PasskeyLoginChallengeLimit(int maxOpenPerAddress) {

    public static final int DEFAULT_MAX_OPEN_PER_ADDRESS = 1_000;
    /** A hundred times the default: some 20 MB of challenge rows per address at most. */
    public static final int MAX_OPEN_PER_ADDRESS = 100_000;

    public PasskeyLoginChallengeLimit {
        Require.range("maxOpenPerAddress", maxOpenPerAddress, 1, MAX_OPEN_PER_ADDRESS);
    }

    public static PasskeyLoginChallengeLimit defaults() {
        return new PasskeyLoginChallengeLimit(DEFAULT_MAX_OPEN_PER_ADDRESS);
    }

    /**
     * How long a client holding {@code open} unexpired challenges, the first of them expiring at
     * {@code firstExpiresAt}, waits before it is issued another; empty when it may have one now. Concurrent requests
     * may take a client past the limit by a few: then it is refused again once the wait is over, until enough have
     * expired.
     */
    public Optional<Duration> waitBefore(long open, Optional<Instant> firstExpiresAt, Instant now) {
        if (open < maxOpenPerAddress) {
            return Optional.empty();
        }
        // Only unexpired challenges are open, so at the limit there is a first, and it expires after now.
        return Optional.of(Duration.between(now, firstExpiresAt.orElseThrow()));
    }
}
