package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.Paging;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import jakarta.inject.Singleton;
import java.util.Optional;

@Singleton
class JdbcUserStore implements UserStore {


    private final UserRowRepository rows;

    JdbcUserStore(UserRowRepository rows) {
        this.rows = rows;
    }

    @Override
    public Optional<UserAccount> findByUsername(Username username) {
        return rows.findByUsername(username.value()).map(UserRow::toUserAccount);
    }

    @Override
    public Optional<UserAccount> findById(UserId id) {
        return rows.findById(id.value()).map(UserRow::toUserAccount);
    }

    @Override
    public Page<UserAccount> findAll(PageRequest request) {
        return Paging.page(rows.findAll(Paging.pageable(request, UserAccount.SORTABLE)), request,
                UserRow::toUserAccount);
    }

    /** A taken username breaks the unique constraint: a {@code DataAccessException}, and nothing is stored. */
    @Override
    public void add(UserAccount user) {
        rows.insert(UserRow.of(user));
    }
}
