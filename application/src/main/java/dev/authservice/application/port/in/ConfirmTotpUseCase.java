package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.user.UserId;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Puts the signed-in user's pending TOTP into effect with a code of their app, which proves they have the secret, and
 * hands out their recovery codes, once: from then on a login needs a second factor.
 */
public interface ConfirmTotpUseCase {

    Result confirmTotp(Command command);

    record Command(UserId userId, TotpCode code, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                    Function<NothingToConfirm, T> nothingToConfirm);

        /** @param recoveryCodes as shown to the user, each good once; the service keeps only their hashes */
        record Confirmed(List<String> recoveryCodes) implements Result {
            public Confirmed {
                recoveryCodes = List.copyOf(recoveryCodes);
            }

            @Override
            public <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                               Function<NothingToConfirm, T> nothingToConfirm) {
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
                               Function<NothingToConfirm, T> nothingToConfirm) {
                return wrongCode.apply(this);
            }
        }

        /** No pending TOTP: never enrolled, confirmed already, or replaced by a new enrolment meanwhile. */
        record NothingToConfirm() implements Result {
            @Override
            public <T> T match(Function<Confirmed, T> confirmed, Function<WrongCode, T> wrongCode,
                               Function<NothingToConfirm, T> nothingToConfirm) {
                return nothingToConfirm.apply(this);
            }
        }
    }
}
