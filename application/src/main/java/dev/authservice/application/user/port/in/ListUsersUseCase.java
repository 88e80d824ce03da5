package dev.authservice.application.user.port.in;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserAccount;
import java.util.Objects;
import java.util.function.Function;

/** Lists every user; for administrators (the web adapter checks the role before calling). */
public interface ListUsersUseCase {

    Sort<UserAccount.SortKey> DEFAULT_SORT = new Sort<>(UserAccount.SortKey.USERNAME, Sort.Direction.ASC);

    Result listUsers(Query query);

    record Query(Sort<UserAccount.SortKey> sort, PageRequest page) {
        public Query {
            Objects.requireNonNull(sort, "sort");
            Objects.requireNonNull(page, "page");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed);

        record Listed(Page<UserSummary> users) implements Result {
            @Override
            public <T> T match(Function<Listed, T> listed) {
                return listed.apply(this);
            }
        }
    }
}
