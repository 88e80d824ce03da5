package dev.authservice.application.user.port.in;

import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** A logged-in user reads their own email address and whether it is verified. */
public interface GetMyEmailUseCase {

    Result getMyEmail(Query query);

    record Query(UserId userId) {
        public Query {
            Objects.requireNonNull(userId, "userId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<TheEmail, T> theEmail);

        /** @param email none for an account without an address */
        record TheEmail(Optional<AccountEmail> email) implements Result {
            @Override
            public <T> T match(Function<TheEmail, T> theEmail) {
                return theEmail.apply(this);
            }
        }
    }
}
