package dev.authservice.domain.session;

import java.util.Objects;
import java.util.UUID;

/**
 * One login: the family of refresh tokens that descend from it by rotation, and every access token issued to it.
 * Revoking the session ends all of them at once.
 */
public record SessionId(UUID value) {

    public SessionId {
        Objects.requireNonNull(value, "value");
    }

    public static SessionId of(String text) {
        return new SessionId(UUID.fromString(text));
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
