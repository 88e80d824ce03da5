package dev.authservice.application.user.port.out;

import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;

/** A slow, salted, memory-hard password hash. Both methods are expensive on purpose: call them off the event loop. */
public interface PasswordHasher {

    PasswordHash hash(Password password);

    /**
     * Whether {@code password} matches {@code hash}, compared in constant time. A hash the hasher did not write, such
     * as {@link PasswordHash#NONE} (no password), matches nothing.
     */
    boolean verify(Password password, PasswordHash hash);

    /** Whether {@code hash} was made with other parameters than the ones this hasher uses now. */
    boolean needsRehash(PasswordHash hash);
}
