package dev.authservice.application.federation.port.in;

import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** A user lists their linked identities, or an administrator a user's, oldest first. */
public interface ListIdentityLinksUseCase {

    Result listIdentityLinks(Query query);

    record Query(UserId userId) {
        public Query {
            Objects.requireNonNull(userId, "userId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed, Function<UserNotFound, T> userNotFound);

        record Listed(List<IdentityLink> links) implements Result {
            public Listed {
                links = List.copyOf(links);
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
