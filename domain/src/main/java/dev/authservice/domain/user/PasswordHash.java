package dev.authservice.domain.user;

import java.util.Objects;

/** A password hash in the hasher's self-describing encoding (PHC string format for Argon2id). Opaque to the domain. */
public record PasswordHash(String encoded) {

    public PasswordHash {
        Objects.requireNonNull(encoded, "encoded");
    }

    @Override
    public String toString() {
        return "PasswordHash[****]";
    }
}
