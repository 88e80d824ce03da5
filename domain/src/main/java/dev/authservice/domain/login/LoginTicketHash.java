package dev.authservice.domain.login;

import dev.authservice.domain.Sha256;
import java.util.Optional;

/**
 * The SHA-256 of a login ticket: what the store keeps of a {@link PendingLogin} instead of the ticket, as it keeps a
 * refresh token. The ticket has 256 random bits, so a fast hash is enough.
 */
public record LoginTicketHash(String hex) {

    /** Longer than any ticket this service makes; anything longer is not worth hashing. */
    public static final int MAX_PRESENTED_LENGTH = 256;

    public LoginTicketHash {
        if (!Sha256.isHex(hex)) {
            throw new IllegalArgumentException("a SHA-256 digest is 64 lower-case hex characters");
        }
    }

    public static LoginTicketHash of(String ticket) {
        return new LoginTicketHash(Sha256.hex(ticket));
    }

    /** The hash of a ticket as a client presented it; none for an empty or over-long one: it names nothing. */
    public static Optional<LoginTicketHash> ofPresented(String ticket) {
        if (ticket == null || ticket.isEmpty() || ticket.length() > MAX_PRESENTED_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(of(ticket));
    }

    @Override
    public String toString() {
        return "LoginTicketHash[" + hex.substring(0, 8) + "...]";
    }
}
