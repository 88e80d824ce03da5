package dev.authservice.application.user.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * A logged-in user changes their own email address. The address is how an account is recovered, so changing it is a
 * change to how one signs in: it needs a recent proof of who one is, as a password change does. A new mailbox is
 * stored unverified; the same mailbox, written another way, keeps whether it was verified.
 */
public interface ChangeMyEmailUseCase {

    Result changeMyEmail(Command command);

    /**
     * @param currentSession  the session the request comes from, for the audit trail
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's
     *                        {@code auth_time}
     */
    record Command(UserId userId, SessionId currentSession, Instant authenticatedAt, EmailAddress email,
                   Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(currentSession, "currentSession");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Changed, T> changed, Function<EmailTaken, T> emailTaken,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Changed() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<EmailTaken, T> emailTaken,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return changed.apply(this);
            }
        }

        /** Another user's email address names the same mailbox; nothing changed. */
        record EmailTaken() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<EmailTaken, T> emailTaken,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return emailTaken.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Changed, T> changed, Function<EmailTaken, T> emailTaken,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
