package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.passkey.CredentialId;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/**
 * An administrator removes one of a user's passkeys, one the user lost or never registered, and ends every session of
 * the user: one the passkey started included.
 */
public interface RemoveUserPasskeyUseCase {

    Result removeUserPasskey(Command command);

    /** @param requester the administrator */
    record Command(UserId userId, CredentialId passkeyId, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(passkeyId, "passkeyId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Removed, T> removed, Function<UserNotFound, T> userNotFound,
                    Function<PasskeyNotFound, T> passkeyNotFound);

        record Removed() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<UserNotFound, T> userNotFound,
                               Function<PasskeyNotFound, T> passkeyNotFound) {
                return removed.apply(this);
            }
        }

        record UserNotFound() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<UserNotFound, T> userNotFound,
                               Function<PasskeyNotFound, T> passkeyNotFound) {
                return userNotFound.apply(this);
            }
        }

        /** The user has no passkey with this id. */
        record PasskeyNotFound() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<UserNotFound, T> userNotFound,
                               Function<PasskeyNotFound, T> passkeyNotFound) {
                return passkeyNotFound.apply(this);
            }
        }
    }
}
