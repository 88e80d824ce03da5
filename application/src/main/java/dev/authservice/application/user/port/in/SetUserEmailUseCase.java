package dev.authservice.application.user.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An administrator sets a user's email address, or removes it. A new mailbox is stored unverified: an administrator's
 * word does not show whose it is. The same mailbox again keeps whether it was verified.
 */
public interface SetUserEmailUseCase {

    Result setUserEmail(Command command);

    /** @param email the new address, or none to remove it */
    record Command(UserId userId, Optional<EmailAddress> email, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Changed, T> changed, Function<UserNotFound, T> userNotFound,
                    Function<EmailTaken, T> emailTaken);

        record Changed() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<UserNotFound, T> userNotFound,
                               Function<EmailTaken, T> emailTaken) {
                return changed.apply(this);
            }
        }

        record UserNotFound() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<UserNotFound, T> userNotFound,
                               Function<EmailTaken, T> emailTaken) {
                return userNotFound.apply(this);
            }
        }

        /** Another user's email address names the same mailbox; nothing changed. */
        record EmailTaken() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<UserNotFound, T> userNotFound,
                               Function<EmailTaken, T> emailTaken) {
                return emailTaken.apply(this);
            }
        }
    }
}
