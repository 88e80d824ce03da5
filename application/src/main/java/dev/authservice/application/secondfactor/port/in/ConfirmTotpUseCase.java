package dev.authservice.application.secondfactor.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Puts the signed-in user's pending TOTP into effect with a code of their app, which proves they have the secret, and
 * hands out their recovery codes, once: from then on a login needs a second factor.
 */
public interface ConfirmTotpUseCase {

    Result confirmTotp(Command command);

    /**
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     */
    record Command(UserId userId, Instant authenticatedAt, TotpCode code, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                    Function<NothingToConfirm, T> nothingToConfirm,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        /** @param recoveryCodes as shown to the user, each good once; the service keeps only their hashes */
        record Confirmed(List<String> recoveryCodes) implements Result {
            public Confirmed {
                recoveryCodes = List.copyOf(recoveryCodes);
            }

            @Override
            public <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                               Function<NothingToConfirm, T> nothingToConfirm,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return confirmed.apply(this);
            }

            @Override
            public String toString() {
                return "Confirmed[****]";
            }
        }

        record WrongCode() implements Result {
            @Override
            public <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                               Function<NothingToConfirm, T> nothingToConfirm,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return wrongCode.apply(this);
            }
        }

        /** No pending TOTP: never enrolled, confirmed already, or replaced by a new enrolment meanwhile. */
        record NothingToConfirm() implements Result {
            @Override
            public <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                               Function<NothingToConfirm, T> nothingToConfirm,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return nothingToConfirm.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                               Function<NothingToConfirm, T> nothingToConfirm,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
