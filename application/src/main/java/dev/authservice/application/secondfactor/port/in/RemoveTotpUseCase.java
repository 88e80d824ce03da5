package dev.authservice.application.secondfactor.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * Removes the signed-in user's TOTP and its recovery codes. A change to how the user signs in: it needs a recent
 * proof of who they are, so that a stolen access token alone does not turn the second factor off.
 */
public interface RemoveTotpUseCase {

    Result removeTotp(Command command);

    /**
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     */
    record Command(UserId userId, Instant authenticatedAt, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Removed, T> removed, Function<NotEnrolled, T> notEnrolled,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Removed() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<NotEnrolled, T> notEnrolled,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return removed.apply(this);
            }
        }

        record NotEnrolled() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<NotEnrolled, T> notEnrolled,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return notEnrolled.apply(this);
            }
        }

        /**
         * The caller's session proved who its user is too long ago for this change: they prove it again first.
         */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<NotEnrolled, T> notEnrolled,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
