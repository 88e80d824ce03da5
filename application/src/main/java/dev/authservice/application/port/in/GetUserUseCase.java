package dev.authservice.application.port.in;

import dev.authservice.domain.user.UserId;
import java.util.Optional;

/** One user, as an administrator's list shows them. */
public interface GetUserUseCase {

    Optional<UserSummary> user(UserId userId);
}
