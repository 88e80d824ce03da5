package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.Password;
import java.util.Objects;
import java.util.function.Function;

/**
 * The holder of a mailed reset token sets a new password. The password policy applies as everywhere, and every
 * session of the user ends. A second factor is not reset: the next login asks for it as before.
 */
public interface ResetPasswordUseCase {

    Result resetPassword(Command command);

    /** @param token the token as the client presented it, never logged */
    record Command(String token, Password newPassword, Requester requester) {
        public Command {
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(newPassword, "newPassword");
            Objects.requireNonNull(requester, "requester");
        }

        @Override
        public String toString() {
            return "Command[****]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Reset, T> reset, Function<TokenInvalid, T> tokenInvalid,
                    Function<WeakPassword, T> weakPassword);

        record Reset() implements Result {
            @Override
            public <T> T match(Function<Reset, T> reset, Function<TokenInvalid, T> tokenInvalid,
                               Function<WeakPassword, T> weakPassword) {
                return reset.apply(this);
            }
        }

        /** Unknown, expired, used, superseded, or issued under a password changed since: one answer for all. */
        record TokenInvalid() implements Result {
            @Override
            public <T> T match(Function<Reset, T> reset, Function<TokenInvalid, T> tokenInvalid,
                               Function<WeakPassword, T> weakPassword) {
                return tokenInvalid.apply(this);
            }
        }

        /** @param reason says what the new password lacks; the token stays good for a better one */
        record WeakPassword(String reason) implements Result {
            @Override
            public <T> T match(Function<Reset, T> reset, Function<TokenInvalid, T> tokenInvalid,
                               Function<WeakPassword, T> weakPassword) {
                return weakPassword.apply(this);
            }
        }
    }
}
