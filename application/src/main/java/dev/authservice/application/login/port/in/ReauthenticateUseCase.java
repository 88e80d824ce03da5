package dev.authservice.application.login.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The signed-in user proves again who they are, with what a login takes of them: the password and, when their TOTP is
 * in effect, a code or a recovery code; or a passkey alone, its user verified. Their session then counts as
 * authenticated now: for the step-up policy's max age it may change how they sign in. The answer is an access token
 * that says so ({@code auth_time}); the session's refresh tokens carry on, and the ones it issues from then on say so
 * too. Counted by the login throttle like a login, under the user's name and the client's address.
 */
public interface ReauthenticateUseCase {

    Result reauthenticate(Command command);

    /**
     * A passkey's assertion alone, or the password with at most one of a code and a recovery code.
     *
     * @param sessionId the caller's session, which counts as authenticated now once the proof is right
     * @param passkey   the JSON of {@code PublicKeyCredential.toJSON()} for {@code navigator.credentials.get()}, over a
     *                  challenge issued without a login's ticket ({@link BeginPasskeyLogInUseCase})
     * @param requester the user and their client: the throttle counts by its address, the audit trail keeps it
     */
    record Command(UserId userId, SessionId sessionId, Optional<Password> password, Optional<TotpCode> code,
                   Optional<RecoveryCode> recoveryCode, Optional<String> passkey, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(sessionId, "sessionId");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(recoveryCode, "recoveryCode");
            Objects.requireNonNull(passkey, "passkey");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
            if (passkey.isPresent() == password.isPresent()) {
                throw new IllegalArgumentException("a proof is a passkey alone or the password");
            }
            if (password.isEmpty() ? code.isPresent() || recoveryCode.isPresent()
                    : code.isPresent() && recoveryCode.isPresent()) {
                throw new IllegalArgumentException("the password goes with at most one code");
            }
        }

        @Override
        public String toString() {
            return "Command[" + userId + ", " + sessionId + ", ****]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                    Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                    Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded);

        /** @param accessToken signed, for the caller's session, authenticated now */
        record Reauthenticated(String accessToken) implements Result {
            public Reauthenticated {
                Objects.requireNonNull(accessToken, "accessToken");
            }

            @Override
            public String toString() {
                return "Reauthenticated[****]";
            }

            @Override
            public <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                               Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded) {
                return reauthenticated.apply(this);
            }
        }

        /**
         * A wrong password, code or recovery code, or a passkey's assertion refused (another user's passkey included).
         */
        record WrongProof() implements Result {
            @Override
            public <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                               Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded) {
                return wrongProof.apply(this);
            }
        }

        /**
         * The password is right and the user's TOTP is in effect: the password again with one of {@code methods}, or a
         * passkey alone.
         */
        record SecondFactorRequired(List<SecondFactorMethod> methods) implements Result {
            public SecondFactorRequired {
                methods = List.copyOf(methods);
            }

            @Override
            public <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                               Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded) {
                return secondFactorRequired.apply(this);
            }
        }

        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                               Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded) {
                return throttled.apply(this);
            }
        }

        /**
         * The authenticator app's codes are refused for good (its secret has had every wrong code it may): a recovery
         * code or a passkey proves it.
         */
        record TotpLocked() implements Result {
            @Override
            public <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                               Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded) {
                return totpLocked.apply(this);
            }
        }

        /** The caller's session was revoked or ended, or its user disabled: log in again. */
        record SessionEnded() implements Result {
            @Override
            public <T> T match(Function<Reauthenticated, T> reauthenticated, Function<WrongProof, T> wrongProof,
                               Function<SecondFactorRequired, T> secondFactorRequired, Function<Throttled, T> throttled,
                               Function<TotpLocked, T> totpLocked, Function<SessionEnded, T> sessionEnded) {
                return sessionEnded.apply(this);
            }
        }
    }
}
