package dev.authservice.adapter.out.persistence.user;

import dev.authservice.adapter.out.persistence.Paging;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UniqueViolation;
import dev.authservice.adapter.out.persistence.UserColumns;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSkeletons;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import jakarta.inject.Singleton;
import java.util.Optional;

@Singleton
@TranslatesUnavailability
class JdbcUserStore implements UserStore {

    private final UserRowRepository rows;
    private final UsernameSkeletons skeletons;

    JdbcUserStore(UserRowRepository rows, UsernameSkeletons skeletons) {
        this.rows = rows;
        this.skeletons = skeletons;
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
    public Page<UserAccount> findAll(Sort<UserAccount.SortKey> sort, PageRequest page) {
        return Paging.page(rows.findAll(Paging.pageable(page, property(sort.key()), sort.direction())), page,
                UserRow::toUserAccount);
    }

    /** The property of {@link UserRow} that holds {@code key}. */
    private static String property(UserAccount.SortKey key) {
        return switch (key) {
            case USERNAME -> "username";
            case CREATED_AT -> "createdAt";
        };
    }

    /**
     * The unique constraints on {@code username} and {@code username_skeleton} decide; not to be called inside a
     * transaction.
     */
    @Override
    public boolean add(UserAccount user) {
        String skeleton = skeletons.skeletonOf(user.username());
        return UniqueViolation.inserted(() -> rows.insert(UserRow.of(user, skeleton)),
                () -> rows.findByUsername(user.username().value()).isPresent()
                        || rows.existsByUsernameSkeleton(skeleton));
    }

    @Override
    public boolean replacePasswordHash(UserId id, PasswordHash expected, PasswordHash replacement) {
        return rows.replacePasswordHash(id.value(), expected.encoded(), replacement.encoded()) == 1;
    }

    @Override
    public boolean setEnabled(UserId id, boolean enabled) {
        return rows.updateEnabled(id.value(), enabled) == 1;
    }

    /** Reads every row (no index can serve it); asked when an administrator is provisioned, not per request. */
    @Override
    public boolean anyEnabledUserHasRole(Role role) {
        return rows.countEnabledWithRole(UserColumns.ROLE_SEPARATOR + role.name() + UserColumns.ROLE_SEPARATOR) > 0;
    }
}
