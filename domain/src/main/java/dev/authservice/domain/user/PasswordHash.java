package dev.authservice.domain.user;

import java.util.Objects;

/**
 * A password hash in the hasher's self-describing encoding (PHC string format for Argon2id). Opaque to the domain,
 * but for {@link #NONE}: the account has no password, as an account made through an identity provider starts.
 */
public record PasswordHash(String encoded) {

    /** No password: no password matches it. As a Unix shadow file says it, so no hasher ever writes it. */
    public static final PasswordHash NONE = new PasswordHash("!");

    public PasswordHash {
        Objects.requireNonNull(encoded, "encoded");
    }

    /** Whether a password was set, so that one may match. */
    public boolean isSet() {
        return !equals(NONE);
    }

    @Override
    public String toString() {
        return isSet() ? "PasswordHash[****]" : "PasswordHash[none]";
    }
}
