package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.util.Objects;
import java.util.function.Function;

/**
 * Makes a new TOTP secret for the signed-in user, pending until {@link ConfirmTotpUseCase} confirms it with a code:
 * until then a login needs no second factor. A new enrolment replaces a pending one; a confirmed one stays.
 */
public interface EnrolTotpUseCase {

    Result enrolTotp(Command command);

    /** @param username the account name the authenticator app shows beside the issuer */
    record Command(UserId userId, Username username, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(requester, "requester");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed);

        /** @param secret base32, to type into an app; @param otpauthUri the same for a QR code */
        record Enrolled(String secret, String otpauthUri) implements Result {
            public Enrolled {
                Objects.requireNonNull(secret, "secret");
                Objects.requireNonNull(otpauthUri, "otpauthUri");
            }

            @Override
            public <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed) {
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
            public <T> T match(Function<Enrolled, T> enrolled, Function<AlreadyConfirmed, T> alreadyConfirmed) {
                return alreadyConfirmed.apply(this);
            }
        }
    }
}
