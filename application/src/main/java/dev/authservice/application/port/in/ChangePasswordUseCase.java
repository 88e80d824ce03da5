package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.util.Objects;

/**
 * A logged-in user changes their password. The current password is checked like a login (a wrong one counts toward
 * the login throttle), and every other session of the user ends: whoever else was logged in must log in again.
 */
public interface ChangePasswordUseCase {

    Result changePassword(Command command);

    /**
     * @param currentSession the session the request comes from, which stays
     * @param requester      the user and their client: the throttle counts by its address, the audit trail keeps it
     */
    record Command(UserId userId, SessionId currentSession, Password currentPassword, Password newPassword,
                   Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(currentSession, "currentSession");
            Objects.requireNonNull(currentPassword, "currentPassword");
            Objects.requireNonNull(newPassword, "newPassword");
            Objects.requireNonNull(requester, "requester");
        }
    }

    sealed interface Result {
        record Changed() implements Result {
        }

        record InvalidCredentials() implements Result {
        }

        record Throttled(Duration retryAfter) implements Result {
        }

        record WeakPassword(String reason) implements Result {
        }
    }
}
