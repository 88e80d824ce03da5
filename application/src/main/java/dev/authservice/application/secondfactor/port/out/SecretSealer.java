package dev.authservice.application.secondfactor.port.out;

import dev.authservice.domain.secondfactor.SealedSecret;

/**
 * Encrypts secrets the service must read back (a TOTP secret, unlike a password, cannot be kept as a hash) under a
 * server key, so that a copy of the database alone reveals none. Authenticated: a changed ciphertext does not open.
 */
public interface SecretSealer {

    /** {@code secret} encrypted under the current key, with that key's id. */
    SealedSecret seal(byte[] secret);

    /**
     * The secret inside {@code sealed}, under the key its id names.
     *
     * @throws IllegalStateException when that key is not configured (any more) or the ciphertext was tampered with
     */
    byte[] open(SealedSecret sealed);
}
