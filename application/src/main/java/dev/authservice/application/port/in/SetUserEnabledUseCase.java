package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;

/**
 * An administrator disables or enables an account. A disabled user cannot log in, and every session of theirs ends
 * at once: refresh tokens and access tokens alike.
 */
public interface SetUserEnabledUseCase {

    /** Returns {@code false} when there is no such user. {@code requester}: the administrator, for the audit trail. */
    boolean setEnabled(UserId userId, boolean enabled, Requester requester);
}
