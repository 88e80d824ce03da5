package dev.authservice.application.user.service;

import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.user.Credentials;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a username and password prove who one is, at the cost of one hash whether or not the user exists: an
 * unknown user, or one without a password, is checked against a hash made at start, so that the time an answer
 * takes tells no one which names are taken or which accounts have no password. A match against a hash of older
 * parameters is hashed again with the current ones, at the only moment the clear password is at hand.
 */
public final class PasswordCheck {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final PasswordHash unknownUserHash;

    public PasswordCheck(UserStore users, PasswordHasher hasher, RandomSource random) {
        this.users = users;
        this.hasher = hasher;
        this.unknownUserHash = hasher.hash(new Password(random.refreshTokenValue()));
    }

    public Outcome check(Credentials credentials) {
        Optional<UserAccount> user = users.findByUsername(credentials.username());
        // An account without a password costs the same hash, and is told as a wrong one.
        Optional<PasswordHash> stored = user.map(UserAccount::passwordHash).filter(PasswordHash::isSet);
        boolean matches = hasher.verify(credentials.password(), stored.orElse(unknownUserHash)) && stored.isPresent();
        if (user.isEmpty()) {
            return new Outcome.UnknownUser();
        }
        if (!matches) {
            return new Outcome.WrongPassword(user.get());
        }
        if (!user.get().enabled()) {
            return new Outcome.Disabled(user.get());
        }
        return new Outcome.Proven(user.get(), upgraded(user.get(), credentials.password()));
    }

    /** The hash the password was found to match, or its upgrade when the stored one is of older parameters. */
    private PasswordHash upgraded(UserAccount user, Password password) {
        PasswordHash checked = user.passwordHash();
        if (!hasher.needsRehash(checked)) {
            return checked;
        }
        PasswordHash upgraded = hasher.hash(password);
        return users.replacePasswordHash(user.id(), checked, upgraded)
                ? upgraded
                // Lost to another login's upgrade of this password, or to a password change that ends the login.
                : StoredPasswordHash.stillMatching(users, hasher, user.id(), password).orElse(checked);
    }

    /** What the credentials proved; the caller tells the client the same for all but {@link Proven}. */
    public sealed interface Outcome {

        <T> T match(Function<UnknownUser, T> unknownUser, Function<WrongPassword, T> wrongPassword,
                    Function<Disabled, T> disabled, Function<Proven, T> proven);

        record UnknownUser() implements Outcome {
            @Override
            public <T> T match(Function<UnknownUser, T> unknownUser, Function<WrongPassword, T> wrongPassword,
                               Function<Disabled, T> disabled, Function<Proven, T> proven) {
                return unknownUser.apply(this);
            }
        }

        record WrongPassword(UserAccount user) implements Outcome {
            @Override
            public <T> T match(Function<UnknownUser, T> unknownUser, Function<WrongPassword, T> wrongPassword,
                               Function<Disabled, T> disabled, Function<Proven, T> proven) {
                return wrongPassword.apply(this);
            }
        }

        /** The right password of a disabled account. */
        record Disabled(UserAccount user) implements Outcome {
            @Override
            public <T> T match(Function<UnknownUser, T> unknownUser, Function<WrongPassword, T> wrongPassword,
                               Function<Disabled, T> disabled, Function<Proven, T> proven) {
                return disabled.apply(this);
            }
        }

        /** @param checked the hash the password matched, as stored now: a session started on it ends when it changes */
        record Proven(UserAccount user, PasswordHash checked) implements Outcome {
            @Override
            public <T> T match(Function<UnknownUser, T> unknownUser, Function<WrongPassword, T> wrongPassword,
                               Function<Disabled, T> disabled, Function<Proven, T> proven) {
                return proven.apply(this);
            }
        }
    }
}
