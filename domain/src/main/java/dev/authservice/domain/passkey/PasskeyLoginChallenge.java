package dev.authservice.domain.passkey;

import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.network.ClientAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * The random challenge of one passkey login, issued before anyone is known: for a passkey alone (no ticket), or for
 * the pending login whose ticket it names, where the passkey is the second factor. Good for one assertion only, and
 * for {@link PasskeyChallenge#LIFETIME} at most. The binding keeps the two apart: an assertion made without user
 * verification for a second factor cannot log in alone.
 *
 * @param client the client it was issued to, as {@link ClientAddress#network()} counts it: anyone may ask for a
 *               challenge, and each is kept until it is answered or expires, so a client holds only
 *               {@link #MAX_OPEN_PER_CLIENT} at a time
 */
public record PasskeyLoginChallenge(ByteString value, Optional<LoginTicketHash> ticket, String client,
                                    Instant expiresAt) {

    /**
     * Room for the people behind one large NAT each starting a login within a challenge's lifetime; a client that
     * only asks, never answering, keeps no more rows than this.
     */
    public static final int MAX_OPEN_PER_CLIENT = 1_000;

    public PasskeyLoginChallenge {
        Objects.requireNonNull(value, "value");
        if (value.length() < 16) {
            throw new IllegalArgumentException("a challenge needs at least 16 random bytes");
        }
        Objects.requireNonNull(ticket, "ticket");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /** A challenge issued now; its expiry is kept to the millisecond, as every store keeps it. */
    public static PasskeyLoginChallenge issue(ByteString value, Optional<LoginTicketHash> ticket, ClientAddress client,
                                              Instant now) {
        return new PasskeyLoginChallenge(value, ticket, client.network(),
                now.plus(PasskeyChallenge.LIFETIME).truncatedTo(ChronoUnit.MILLIS));
    }

    /**
     * How long a client that holds {@code open} unexpired challenges, the first of them expiring at
     * {@code firstExpiresAt}, waits before it is issued another; empty when it may have one now.
     */
    public static Optional<Duration> waitBefore(long open, Optional<Instant> firstExpiresAt, Instant now) {
        if (open < MAX_OPEN_PER_CLIENT) {
            return Optional.empty();
        }
        return Optional.of(firstExpiresAt.filter(now::isBefore).map(at -> Duration.between(now, at))
                .orElse(Duration.ZERO));
    }

    /** Whether it was issued for the login with {@code ticket}; none: for a passkey alone. */
    public boolean isFor(Optional<LoginTicketHash> ticket) {
        return this.ticket.equals(ticket);
    }

    public boolean isExpiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
