package dev.authservice.domain.login;

import dev.authservice.domain.Sha256;
import java.util.Optional;

/**
 * The SHA-256 of a login ticket: what the store keeps of a {@link PendingLogin} instead of the ticket, as it keeps a
 * refresh token. The ticket has 256 random bits, so a fast hash is enough.
 */
public record LoginTicketHash(String hex) {

    public LoginTicketHash {
        Sha256.requireHex(hex);
    }

    public static LoginTicketHash of(String ticket) {
        return new LoginTicketHash(Sha256.hex(ticket));
    }

    /** The hash of a ticket as a client presented it; none for an empty or over-long one: it names nothing. */
    public static Optional<LoginTicketHash> ofPresented(String ticket) {
        return Sha256.ofPresented(ticket).map(LoginTicketHash::new);
    }

    @Override
    public String toString() {
        return "LoginTicketHash[" + hex.substring(0, 8) + "...]";
    }
}
