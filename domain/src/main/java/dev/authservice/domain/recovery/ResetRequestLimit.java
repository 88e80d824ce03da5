package dev.authservice.domain.recovery;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.Require;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Two limits on requests that send mail inside one sliding {@code window}: {@code perAccount} per named identifier,
 * so no one can fill a mailbox with resets, and {@code perAddress} per client network across identifiers, so one
 * place cannot mail every account. Past either, further requests wait until enough have aged out of the window.
 */
public record ResetRequestLimit(int perAccount, int perAddress, Duration window) {

    public static final int MAX_PER_ACCOUNT = 100;
    public static final int MAX_PER_ADDRESS = 10_000;
    public static final Duration MAX_WINDOW = Duration.ofDays(1);

    public ResetRequestLimit {
        Require.range("perAccount", perAccount, 1, MAX_PER_ACCOUNT);
        Require.atMost("perAddress", perAddress, MAX_PER_ADDRESS);
        if (perAddress < perAccount) {
            throw new InvalidValueException("perAddress", "perAddress must be at least perAccount");
        }
        Require.positive("window", window, MAX_WINDOW);
    }

    public static ResetRequestLimit defaults() {
        return new ResetRequestLimit(3, 10, Duration.ofHours(1));
    }

    /** The start of the window that ends at {@code now}: requests at or before it no longer count. */
    public Instant windowStart(Instant now) {
        return now.minus(window);
    }

    /**
     * How long a request at {@code now} must wait, given the earlier requests counted under its identifier and under
     * its client's network, or empty when it may go ahead.
     */
    public Optional<Duration> waitBefore(Instant now, Collection<Instant> ofIdentifier, Collection<Instant> ofAddress) {
        Optional<Instant> byIdentifier = freeAt(now, ofIdentifier, perAccount);
        Optional<Instant> byAddress = freeAt(now, ofAddress, perAddress);
        Optional<Instant> latest = byIdentifier.isEmpty() ? byAddress
                : byAddress.filter(byIdentifier.get()::isBefore).or(() -> byIdentifier);
        return latest.map(at -> Duration.between(now, at));
    }

    /** When fewer than {@code limit} requests are left in the window; empty when that is so already. */
    private Optional<Instant> freeAt(Instant now, Collection<Instant> requests, int limit) {
        List<Instant> recent = requests.stream().filter(windowStart(now)::isBefore).sorted().toList();
        if (recent.size() < limit) {
            return Optional.empty();
        }
        return Optional.of(recent.get(recent.size() - limit).plus(window));
    }
}
