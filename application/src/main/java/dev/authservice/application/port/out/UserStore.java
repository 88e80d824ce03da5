package dev.authservice.application.port.out;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.user.Role;
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

    /** Adds a new user, unless the username is taken: then nothing is stored and the answer is {@code false}. */
    boolean add(UserAccount user);

    /** Stores the account's new state: password hash, roles, profile, enabled. Its id, username and creation stay. */
    void update(UserAccount user);

    boolean anyHasRole(Role role);
}
