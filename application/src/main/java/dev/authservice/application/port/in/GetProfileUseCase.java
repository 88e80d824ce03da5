package dev.authservice.application.port.in;

import dev.authservice.domain.user.UserId;
import java.util.Optional;

public interface GetProfileUseCase {

    /** The profile of the user, or empty if the account no longer exists. */
    Optional<UserProfile> profileOf(UserId userId);
}
