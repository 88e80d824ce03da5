package dev.authservice.application.user.port.out;

import dev.authservice.application.notice.port.out.Accounts;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Optional;

/** Where user accounts are kept. */
public interface UserStore extends Accounts {

    Optional<UserAccount> findByUsername(Username username);

    @Override
    Optional<UserAccount> findById(UserId id);

    /** The user whose address names the same mailbox as {@code address}: whose comparison key is equal. */
    Optional<UserAccount> findByEmail(EmailAddress address);

    /** A page of all users, in the order {@code sort} asks for. */
    Page<UserAccount> findAll(Sort<UserAccount.SortKey> sort, PageRequest page);

    /**
     * Adds a new user, unless the username is taken or one that looks like it is (its {@link UsernameSkeletons}
     * skeleton is taken), or another user's email address names the same mailbox as the new user's: then nothing is
     * stored and the answer is {@code false}.
     */
    boolean add(UserAccount user);

    /**
     * Replaces the user's email address and its verified flag, or removes them, touching nothing else of the
     * account. An address naming the same mailbox as another user's (their comparison keys are equal) is
     * {@link EmailChange#TAKEN} and changes nothing; of concurrent changes to one mailbox, one wins.
     */
    EmailChange setEmail(UserId id, Optional<AccountEmail> email);

    /**
     * Marks the user's address verified, but only if it still names the mailbox of {@code address} (their comparison
     * keys are equal): a compare-and-set, so that a link mailed to an address the account no longer holds verifies
     * nothing. Returns whether the stored address is that one; marking a verified one again is no change, and true.
     */
    boolean markEmailVerified(UserId id, EmailAddress address);

    /**
     * Sets a new password hash, but only if the stored one is still {@code expected}: a compare-and-set, so that a
     * rehash at login racing a password change cannot bring the old password back. Returns whether it was replaced.
     */
    boolean replacePasswordHash(UserId id, PasswordHash expected, PasswordHash replacement);

    /**
     * Removes up to {@code limit} accounts pending since {@code cutoff} or before (made by sign-up, their address never
     * verified), with every row that references them; returns how many.
     */
    int removePendingSince(java.time.Instant cutoff, int limit);

    /**
     * Removes the account with every row that references it: false when there is none. For an account that never
     * served anyone, as one made a moment ago whose making was undone.
     */
    boolean remove(UserId id);

    /** Returns {@code false} when there is no such user. Touches nothing else of the account. */
    boolean setEnabled(UserId id, boolean enabled);

    /** Whether an enabled user holds {@code role}: a disabled administrator administers nothing. */
    boolean anyEnabledUserHasRole(Role role);

    /** What {@link #setEmail} did. */
    enum EmailChange { CHANGED, NO_SUCH_USER, TAKEN }
}
