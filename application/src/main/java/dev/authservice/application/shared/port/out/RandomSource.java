package dev.authservice.application.shared.port.out;

import java.util.UUID;

/** Identifiers and secrets that nobody can predict. */
public interface RandomSource {

    /** A random identifier for a session, a token ({@code jti}), a user or an order. */
    UUID uuid();

    /** A new opaque refresh token or login ticket: at least 256 random bits, URL-safe text. */
    String refreshTokenValue();

    /** {@code count} random bytes: a TOTP secret, a recovery code, a WebAuthn challenge or user handle. */
    byte[] bytes(int count);
}
