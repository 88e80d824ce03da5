package dev.authservice.application.secondfactor.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * Makes a new TOTP secret for the signed-in user, pending until {@link ConfirmTotpUseCase} confirms it with a code:
 * until then a login needs no second factor. A new enrolment replaces a pending one; a confirmed one stays.
 */
public interface EnrolTotpUseCase {

    Result enrolTotp(Command command);

    /**
     * @param authenticatedAt when the caller's session last proved who its user is: its access token's {@code auth_time}
     * @param username        the account name the authenticator app shows beside the issuer
     */
    record Command(UserId userId, Instant authenticatedAt, Username username, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(authenticatedAt, "authenticatedAt");
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed,
                    Function<ReauthenticationRequired, T> reauthenticationRequired);

        /** @param secret base32, to type into an app; @param otpauthUri the same for a QR code */
        record Enrolled(String secret, String otpauthUri) implements Result {
            public Enrolled {
                Objects.requireNonNull(secret, "secret");
                Objects.requireNonNull(otpauthUri, "otpauthUri");
            }

            @Override
            public <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return enrolled.apply(this);
            }

            @Override
            public String toString() {
                return "Enrolled[****]";
            }
        }

        /** The user has a TOTP in effect: removing it comes first. */
        record AlreadyConfirmed() implements Result {
            @Override
            public <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return alreadyConfirmed.apply(this);
            }
        }

        /** The caller's session proved who its user is too long ago for this change: they prove it again first. */
        record ReauthenticationRequired() implements Result {
            @Override
            public <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed,
                               Function<ReauthenticationRequired, T> reauthenticationRequired) {
                return reauthenticationRequired.apply(this);
            }
        }
    }
}
