package dev.authservice.application.port.in;

import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Removes the signed-in user's TOTP and its recovery codes, proven by a current code or by the password: a stolen
 * access token alone does not turn the second factor off.
 */
public interface RemoveTotpUseCase {

    Result removeTotp(Command command);

    /** Exactly one of {@code code} and {@code password}. */
    record Command(UserId userId, Optional<TotpCode> code, Optional<Password> password, Requester requester) {
        public Command {
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(code, "code");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(requester, "requester");
            Objects.requireNonNull(requester.clientAddress(), "requester.clientAddress");
            if (code.isPresent() == password.isPresent()) {
                throw new IllegalArgumentException("a removal is proven by a code or by the password");
            }
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Removed, T> removed, Function<WrongProof, T> wrongProof,
                    Function<Throttled, T> throttled, Function<NotEnrolled, T> notEnrolled);

        record Removed() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<WrongProof, T> wrongProof,
                               Function<Throttled, T> throttled, Function<NotEnrolled, T> notEnrolled) {
                return removed.apply(this);
            }
        }

        /** A wrong or replayed code, or a wrong password. */
        record WrongProof() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<WrongProof, T> wrongProof,
                               Function<Throttled, T> throttled, Function<NotEnrolled, T> notEnrolled) {
                return wrongProof.apply(this);
            }
        }

        /** Proofs are guessed like logins, so they are throttled like them, under the same key. */
        record Throttled(Duration retryAfter) implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<WrongProof, T> wrongProof,
                               Function<Throttled, T> throttled, Function<NotEnrolled, T> notEnrolled) {
                return throttled.apply(this);
            }
        }

        record NotEnrolled() implements Result {
            @Override
            public <T> T match(Function<Removed, T> removed, Function<WrongProof, T> wrongProof,
                               Function<Throttled, T> throttled, Function<NotEnrolled, T> notEnrolled) {
                return notEnrolled.apply(this);
            }
        }
    }
}
