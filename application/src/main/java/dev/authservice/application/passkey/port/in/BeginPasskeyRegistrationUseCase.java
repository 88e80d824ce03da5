package dev.authservice.application.passkey.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * The signed-in user starts registering a passkey: a new challenge, good for one response within a few minutes, and
 * the options a client hands its authenticator. A newer start replaces an unfinished one.
 */
public interface BeginPasskeyRegistrationUseCase {

    Result beginPasskeyRegistration(Command command);

    /**
     * @param userId          the caller
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     * @param username        the name the authenticator shows for the account
     * @param displayName     a friendlier one, such as the nickname
     */
    record Command(UserId userId, Instant authenticatedAt, Username username, String displayName,
                   Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(displayName, "displayName");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Started, T> started, Function<LimitReached, T> limitReached,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        record Started(PasskeyCreationOptions options) implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return started.apply(this);
            }
        }

        /** The user holds as many passkeys as allowed: no challenge is issued, so no authenticator is asked. */
        record LimitReached() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return limitReached.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Started, T> started, Function<LimitReached, T> limitReached,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
