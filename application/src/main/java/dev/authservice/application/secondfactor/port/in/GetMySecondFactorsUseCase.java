package dev.authservice.application.secondfactor.port.in;

import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the signed-in user has beside their password: whether a TOTP is in effect or awaits its confirmation, how many
 * recovery codes are left, how many passkeys they hold. Never a secret or a code: those are shown once, by
 * {@link EnrolTotpUseCase} and {@link ConfirmTotpUseCase}.
 */
public interface GetMySecondFactorsUseCase {

    Result getMySecondFactors(Query query);

    record Query(UserId userId) {
        public Query {
            Objects.requireNonNull(userId, "userId");
        }
    }

    /** Where the user's TOTP stands. */
    enum Totp {
        /** None enrolled: a login needs the password only. */
        NONE,
        /** Enrolled but not confirmed with a code: not in effect yet. */
        PENDING,
        /** In effect: a login needs a code or a recovery code after the password. */
        CONFIRMED
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Found, T> found);

        /**
         * @param totpConfirmedAt when the TOTP came into effect; empty unless it is {@link Totp#CONFIRMED}
         * @param recoveryCodesLeft unused recovery codes, which work only beside a confirmed TOTP: 0 without one
         */
        record Found(Totp totp, Optional<Instant> totpConfirmedAt, int recoveryCodesLeft, int passkeys)
                implements Result {
            public Found {
                Objects.requireNonNull(totp, "totp");
                Objects.requireNonNull(totpConfirmedAt, "totpConfirmedAt");
                if (totpConfirmedAt.isPresent() != (totp == Totp.CONFIRMED)) {
                    throw new IllegalArgumentException("a confirmation time goes with a confirmed TOTP only");
                }
                if (recoveryCodesLeft < 0 || passkeys < 0) {
                    throw new IllegalArgumentException("counts are not negative");
                }
            }

            @Override
            public <T> T match(Function<Found, T> found) {
                return found.apply(this);
            }
        }
    }
}
