package dev.authservice.application.user.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/**
 * An administrator disables or enables an account. A disabled user cannot log in, and every session of theirs ends
 * at once: refresh tokens and access tokens alike.
 */
public interface SetUserEnabledUseCase {

    Result setUserEnabled(Command command);

    /** @param requester the administrator, for the audit trail */
    record Command(UserId userId, boolean enabled, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Done, T> done, Function<UserNotFound, T> userNotFound);

        /** The account is as asked, whether it was so already or not. */
        record Done() implements Result {
            @Override
            public <T> T match(Function<Done, T> done, Function<UserNotFound, T> userNotFound) {
                return done.apply(this);
            }
        }

        record UserNotFound() implements Result {
            @Override
            public <T> T match(Function<Done, T> done, Function<UserNotFound, T> userNotFound) {
                return userNotFound.apply(this);
            }
        }
    }
}
