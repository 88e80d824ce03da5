package dev.authservice.adapter.out.persistence.session;

/**
 * The state column of {@code refresh_tokens}, stored by name. The SQL of {@link RefreshTokenRowRepository} and the
 * check constraint of the migration spell the same names.
 */
enum TokenStatus {
    ACTIVE, ROTATED, REVOKED
}
