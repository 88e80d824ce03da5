package dev.authservice.application.secondfactor.port.in;

import dev.authservice.application.passkey.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/**
 * An administrator removes a user's second factors (their TOTP and recovery codes), for a user who lost both, and ends
 * every session of the user: their next login needs the password only. Passkeys stay; an administrator removes one
 * with {@link RemoveUserPasskeyUseCase}.
 */
public interface ResetSecondFactorsUseCase {

    Result resetSecondFactors(Command command);

    /** @param requester the administrator */
    record Command(UserId userId, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Reset, T> reset, Function<UserNotFound, T> userNotFound);

        /** Done, whether or not the user had a second factor. */
        record Reset() implements Result {
            @Override
            public <T> T match(Function<Reset, T> reset, Function<UserNotFound, T> userNotFound) {
                return reset.apply(this);
            }
        }

        record UserNotFound() implements Result {
            @Override
            public <T> T match(Function<Reset, T> reset, Function<UserNotFound, T> userNotFound) {
                return userNotFound.apply(this);
            }
        }
    }
}
