package dev.authservice.application.port.out;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Optional;

/** Where user accounts are kept. */
public interface UserStore {

    Optional<UserAccount> findByUsername(Username username);

    Optional<UserAccount> findById(UserId id);

    /** A page of all users, sorted by one of {@link UserAccount#SORTABLE}. */
    Page<UserAccount> findAll(PageRequest request);

    /** Adds a new user; the username must not be taken. */
    void add(UserAccount user);
}
