package dev.authservice.adapter.out.persistence.session;

/**
 * The state column of {@code refresh_tokens}, stored by name: the states of {@code RefreshToken}. The SQL of this
 * package and the check constraint of the migrations spell the same names.
 */
enum TokenStatus {
    ACTIVE, ROTATED
}
