package dev.authservice.adapter.out.persistence.user;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.Page;
import io.micronaut.data.model.Pageable;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface UserRowRepository extends GenericRepository<UserRow, UUID> {

    Optional<UserRow> findById(UUID id);

    Optional<UserRow> findByUsername(String username);

    boolean existsByUsernameSkeleton(String usernameSkeleton);

    Optional<UserRow> findByEmailKey(String emailKey);

    /** Sets all three, or {@code NULL}, {@code NULL} and {@code FALSE} for no address. */
    @Query("UPDATE users SET email = :email, email_key = :emailKey, email_verified = :emailVerified WHERE id = :id")
    int updateEmail(UUID id, @Nullable String email, @Nullable String emailKey, boolean emailVerified);

    /**
     * A compare-and-set on the address's comparison key: returns 0 when the account holds another or none. A pending
     * account is pending no more.
     */
    @Query("UPDATE users SET email_verified = TRUE, pending_since = NULL WHERE id = :id AND email_key = :emailKey")
    int markEmailVerified(UUID id, String emailKey);

    Page<UserRow> findAll(Pageable pageable);

    void insert(UserRow row);

    /** A compare-and-set on the hash: returns 0 when the stored hash is no longer {@code expected}. */
    @Query("UPDATE users SET password_hash = :replacement WHERE id = :id AND password_hash = :expected")
    int replacePasswordHash(UUID id, String expected, String replacement);

    @Query("UPDATE users SET enabled = :enabled WHERE id = :id")
    int updateEnabled(UUID id, boolean enabled);

    /**
     * How many enabled users have the role that {@code delimitedRole} names, written with a separator on each side
     * ({@code ,ADMIN,}). Bracketing the column with separators too makes every role in it a whole word, so that
     * ADMIN matches neither ADMINISTRATOR nor SUPER_ADMIN; POSITION rather than LIKE, whose {@code _} would match any
     * character of a role name.
     */
    @Query("SELECT COUNT(*) FROM users WHERE enabled = TRUE AND POSITION(:delimitedRole IN ',' || roles || ',') > 0")
    long countEnabledWithRole(String delimitedRole);
}
