package dev.authservice.domain.passkey;

import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.network.ClientAddress;
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
 * @param client the client it was issued to, as {@link ClientAddress#network()} counts it, for the
 *               {@link dev.authservice.domain.network.OpenPerAddressLimit} of challenges for a passkey alone
 */
public record PasskeyLoginChallenge(ByteString value, Optional<LoginTicketHash> ticket, String client,
                                    Instant expiresAt) {

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

    /** Whether it was issued for the login with {@code ticket}; none: for a passkey alone. */
    public boolean isFor(Optional<LoginTicketHash> ticket) {
        return this.ticket.equals(ticket);
    }

    /** The millisecond it was issued in, as its expiry is kept: the instant its client's open ones are counted at. */
    public Instant issuedAt() {
        return expiresAt.minus(PasskeyChallenge.LIFETIME);
    }

    public boolean isExpiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
