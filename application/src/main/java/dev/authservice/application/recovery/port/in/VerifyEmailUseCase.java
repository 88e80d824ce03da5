package dev.authservice.application.recovery.port.in;

import dev.authservice.domain.audit.Requester;
import java.util.Objects;
import java.util.function.Function;

/**
 * The holder of a mailed verification link shows that the address it was mailed to is the account's: the address
 * is marked verified, if the account still holds it. Anyone may present a token; no session is needed.
 */
public interface VerifyEmailUseCase {

    Result verifyEmail(Command command);

    /** @param token the token as the client presented it, never logged */
    record Command(String token, Requester requester) {
        public Command {
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(requester, "requester");
        }

        @Override
        public String toString() {
            return "Command[****]";
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Verified, T> verified, Function<TokenInvalid, T> tokenInvalid);

        record Verified() implements Result {
            @Override
            public <T> T match(Function<Verified, T> verified, Function<TokenInvalid, T> tokenInvalid) {
                return verified.apply(this);
            }
        }

        /** Unknown, expired, used, superseded, or mailed to an address the account no longer holds: one answer. */
        record TokenInvalid() implements Result {
            @Override
            public <T> T match(Function<Verified, T> verified, Function<TokenInvalid, T> tokenInvalid) {
                return tokenInvalid.apply(this);
            }
        }
    }
}
