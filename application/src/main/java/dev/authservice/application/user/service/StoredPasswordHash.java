package dev.authservice.application.user.service;

import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/**
 * A user's hash read again after a compare-and-swap on it failed. Another login's upgrade of the same password (a salt
 * of its own, newer parameters) swaps the hash without changing the password: the password still matching the stored
 * hash tells that race apart from a real password change.
 */
public final class StoredPasswordHash {

    private StoredPasswordHash() {
    }

    /** The user's hash now, if {@code password} matches it. */
    public static Optional<PasswordHash> stillMatching(UserStore users, PasswordHasher hasher, UserId id, Password password) {
        return users.findById(id).map(UserAccount::passwordHash)
                .filter(current -> hasher.verify(password, current));
    }
}
