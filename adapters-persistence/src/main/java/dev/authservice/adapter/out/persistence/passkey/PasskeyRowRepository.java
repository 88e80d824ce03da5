package dev.authservice.adapter.out.persistence.passkey;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@JdbcRepository(dialect = Dialect.ANSI)
interface PasskeyRowRepository extends GenericRepository<PasskeyRow, String> {

    /** Oldest first; the credential id breaks ties, so the order is the same on every database. */
    @Query("SELECT credential_id, user_id, user_handle, name, public_key, sign_count, backup_eligible, backed_up,"
            + " transports, aaguid, created_at, last_used_at FROM passkeys WHERE user_id = :userId"
            + " ORDER BY created_at, credential_id")
    List<PasskeyRow> findByUserIdOldestFirst(UUID userId);

    boolean existsByCredentialId(String credentialId);

    Optional<PasskeyRow> findByCredentialId(String credentialId);

    /** 0 when the stored counter is no longer {@code expectedSignCount}, or the passkey is gone. */
    @Query("UPDATE passkeys SET sign_count = :signCount, backed_up = :backedUp, last_used_at = :lastUsedAt"
            + " WHERE credential_id = :credentialId AND sign_count = :expectedSignCount")
    int recordUse(String credentialId, long expectedSignCount, long signCount, boolean backedUp, Instant lastUsedAt);

    void insert(PasskeyRow row);

    /** One statement: an unknown passkey, someone else's and one deleted already all delete no row. */
    int deleteByCredentialIdAndUserId(String credentialId, UUID userId);
}
