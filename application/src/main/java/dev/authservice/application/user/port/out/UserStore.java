package dev.authservice.application.user.port.out;

import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Optional;

/** Where user accounts are kept. */
public interface UserStore {

    Optional<UserAccount> findByUsername(Username username);

    Optional<UserAccount> findById(UserId id);

    /** A page of all users, in the order {@code sort} asks for. */
    Page<UserAccount> findAll(Sort<UserAccount.SortKey> sort, PageRequest page);

    /**
     * Adds a new user, unless the username is taken or one that looks like it is (its {@link UsernameSkeletons}
     * skeleton is taken): then nothing is stored and the answer is {@code false}.
     */
    boolean add(UserAccount user);

    /**
     * Sets a new password hash, but only if the stored one is still {@code expected}: a compare-and-set, so that a
     * rehash at login racing a password change cannot bring the old password back. Returns whether it was replaced.
     */
    boolean replacePasswordHash(UserId id, PasswordHash expected, PasswordHash replacement);

    /** Returns {@code false} when there is no such user. Touches nothing else of the account. */
    boolean setEnabled(UserId id, boolean enabled);

    /** Whether an enabled user holds {@code role}: a disabled administrator administers nothing. */
    boolean anyEnabledUserHasRole(Role role);
}
