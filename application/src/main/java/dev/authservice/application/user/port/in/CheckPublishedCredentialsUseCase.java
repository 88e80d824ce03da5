package dev.authservice.application.user.port.in;

import dev.authservice.domain.user.Credentials;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Which of some published credentials, usernames and passwords that anyone can read (the demo users' in the README),
 * still log in: the account exists, is enabled, and its stored hash verifies the published password. An account
 * whose password was changed, or which is disabled, no longer has a published credential.
 */
public interface CheckPublishedCredentialsUseCase {

    Result checkPublishedCredentials(Query query);

    record Query(List<Credentials> published) {
        public Query {
            published = List.copyOf(Objects.requireNonNull(published, "published"));
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<NoneUsable, T> noneUsable, Function<Usable, T> usable);

        record NoneUsable() implements Result {
            @Override
            public <T> T match(Function<NoneUsable, T> noneUsable, Function<Usable, T> usable) {
                return noneUsable.apply(this);
            }
        }

        /** @param users the accounts a published credential logs in to, in the order of the query; never empty */
        record Usable(List<UserSummary> users) implements Result {
            public Usable {
                users = List.copyOf(users);
            }

            @Override
            public <T> T match(Function<NoneUsable, T> noneUsable, Function<Usable, T> usable) {
                return usable.apply(this);
            }
        }
    }
}
