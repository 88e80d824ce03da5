package dev.authservice.application.port.in;

import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** One user, as an administrator's list shows them. */
public interface GetUserUseCase {

    Result user(Query query);

    record Query(UserId userId) {
        public Query {
            Objects.requireNonNull(userId, "userId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Found, T> found, Function<NotFound, T> notFound);

        record Found(UserSummary user) implements Result {
            @Override
            public <T> T match(Function<Found, T> found, Function<NotFound, T> notFound) {
                return found.apply(this);
            }
        }

        record NotFound() implements Result {
            @Override
            public <T> T match(Function<Found, T> found, Function<NotFound, T> notFound) {
                return notFound.apply(this);
            }
        }
    }
}
