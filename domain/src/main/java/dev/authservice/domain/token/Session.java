package dev.authservice.domain.token;

import dev.authservice.domain.Require;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;

/**
 * What the service remembers of one login, besides its refresh tokens: whose it is, when it began, and the client
 * as seen at login. Nullable client details: a request need not say who it comes from.
 */
public record Session(SessionId id, UserId userId, Instant createdAt, String clientAddress, String userAgent) {

    /** Longest User-Agent kept; the rest adds nothing a person reading a session list needs. */
    public static final int MAX_USER_AGENT_LENGTH = 512;
    /** Room for any IPv6 address with a zone; a longer "address" is not one. */
    public static final int MAX_CLIENT_ADDRESS_LENGTH = 255;

    public Session {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(createdAt, "createdAt");
        userAgent = Require.truncate(userAgent, MAX_USER_AGENT_LENGTH);
        clientAddress = Require.truncate(clientAddress, MAX_CLIENT_ADDRESS_LENGTH);
    }
}
