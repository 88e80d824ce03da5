package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** An administrator lists a user's passkeys, oldest first: to find one the user did not register. */
public interface ListUserPasskeysUseCase {

    Result listUserPasskeys(Query query);

    record Query(UserId userId) {
        public Query {
            Objects.requireNonNull(userId, "userId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed, Function<UserNotFound, T> userNotFound);

        record Listed(List<Passkey> passkeys) implements Result {
            public Listed {
                passkeys = List.copyOf(passkeys);
            }

            @Override
            public <T> T match(Function<Listed, T> listed, Function<UserNotFound, T> userNotFound) {
                return listed.apply(this);
            }
        }

        record UserNotFound() implements Result {
            @Override
            public <T> T match(Function<Listed, T> listed, Function<UserNotFound, T> userNotFound) {
                return userNotFound.apply(this);
            }
        }
    }
}
