package dev.authservice.application.secondfactor.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The signed-in user, whose TOTP is in effect, gets new recovery codes: the old ones, used or not, stop working.
 * For a user who used most of them, or fears someone saw them.
 */
public interface RenewRecoveryCodesUseCase {

    Result renewRecoveryCodes(Command command);

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

        <T> T match(Function<Renewed, T> renewed, Function<NotEnrolled, T> notEnrolled,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        /** @param recoveryCodes as shown to the user, each good once; the service keeps only their hashes */
        record Renewed(List<String> recoveryCodes) implements Result {
            public Renewed {
                recoveryCodes = List.copyOf(recoveryCodes);
            }

            @Override
            public String toString() {
                return "Renewed[****]";
            }

            @Override
            public <T> T match(Function<Renewed, T> renewed, Function<NotEnrolled, T> notEnrolled,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return renewed.apply(this);
            }
        }

        /** No TOTP in effect: recovery codes come with one. */
        record NotEnrolled() implements Result {
            @Override
            public <T> T match(Function<Renewed, T> renewed, Function<NotEnrolled, T> notEnrolled,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return notEnrolled.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Renewed, T> renewed, Function<NotEnrolled, T> notEnrolled,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
