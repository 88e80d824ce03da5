package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** The signed-in user's passkeys, oldest first; a user holds few ({@link Passkey#MAX_PER_USER}), so no pages. */
public interface ListMyPasskeysUseCase {

    Result listMyPasskeys(Query query);

    record Query(UserId ownerId) {
        public Query {
            Objects.requireNonNull(ownerId, "ownerId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed);

        record Listed(List<Passkey> passkeys) implements Result {
            public Listed {
                passkeys = List.copyOf(passkeys);
            }

            @Override
            public <T> T match(Function<Listed, T> listed) {
                return listed.apply(this);
            }
        }
    }
}
