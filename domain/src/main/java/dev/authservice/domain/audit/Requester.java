package dev.authservice.domain.audit;

import dev.authservice.domain.Require;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/**
 * Who asked for something and from where, as the audit trail records it: the authenticated user (none before login,
 * none for the service itself), the client's address and its User-Agent (each null when the request did not say,
 * or for the service itself). The User-Agent is cut like a {@link Session}'s.
 */
public record Requester(Optional<UserId> userId, ClientAddress clientAddress, String userAgent) {

    /** The service acting on its own, at start-up. */
    public static final Requester SERVICE = new Requester(Optional.empty(), null, null);

    public Requester {
        userId = userId == null ? Optional.empty() : userId;
        userAgent = Require.kept(userAgent, Session.MAX_USER_AGENT_LENGTH);
    }

    public static Requester anonymous(ClientAddress clientAddress, String userAgent) {
        return new Requester(Optional.empty(), clientAddress, userAgent);
    }

    public static Requester user(UserId userId, ClientAddress clientAddress, String userAgent) {
        return new Requester(Optional.of(userId), clientAddress, userAgent);
    }
}
