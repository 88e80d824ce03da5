package dev.authservice.application.user.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * A logged-in user changes their password. The current password is checked like a login (a wrong one counts toward
 * the login throttle), and every other session of the user ends: whoever else was logged in must log in again.
 */
public interface ChangePasswordUseCase {

    Result changePassword(Command command);

    /**
     * @param currentSession  the session the request comes from, which stays
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     * @param requester       the user and their client: the throttle counts by its address, the audit trail keeps it
     */
    record Command(UserId userId, SessionId currentSession, Instant authenticatedAt, Password currentPassword,
                   Password newPassword, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(currentSession, "currentSession");
            Objects.requireNonNull(currentPassword, "currentPassword");
            Objects.requireNonNull(newPassword, "newPassword");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Changed, T> changed, Function<InvalidCredentials, T> invalidCredentials,
                    Function<Throttled, T> throttled, Function<WeakPassword, T> weakPassword,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Changed() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled, Function<WeakPassword, T> weakPassword,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return changed.apply(this);
            }
        }

        /** A wrong current password, or one changed meanwhile, or an account disabled meanwhile. */
        record InvalidCredentials() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled, Function<WeakPassword, T> weakPassword,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return invalidCredentials.apply(this);
            }
        }

        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled, Function<WeakPassword, T> weakPassword,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return throttled.apply(this);
            }
        }

        /** @param reason says what the new password lacks, for the person choosing it */
        record WeakPassword(String reason) implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled, Function<WeakPassword, T> weakPassword,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return weakPassword.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<InvalidCredentials, T> invalidCredentials,
                               Function<Throttled, T> throttled, Function<WeakPassword, T> weakPassword,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
