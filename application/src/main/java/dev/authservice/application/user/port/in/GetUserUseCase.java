package dev.authservice.application.user.port.in;

import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** One user, as an administrator sees them: with their email address and whether it is verified. */
public interface GetUserUseCase {

    Result getUser(Query query);

    record Query(UserId userId) {
        public Query {
            Objects.requireNonNull(userId, "userId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<TheUser, T> theUser, Function<NotFound, T> notFound);

        record TheUser(UserSummary user) implements Result {
            @Override
            public <T> T match(Function<TheUser, T> theUser, Function<NotFound, T> notFound) {
                return theUser.apply(this);
            }
        }

        record NotFound() implements Result {
            @Override
            public <T> T match(Function<TheUser, T> theUser, Function<NotFound, T> notFound) {
                return notFound.apply(this);
            }
        }
    }
}
