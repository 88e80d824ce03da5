package dev.authservice.application.recovery.service;

import dev.authservice.application.recovery.port.in.RequestPasswordResetUseCase;
import dev.authservice.domain.recovery.ResetRequestKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Counts the request under the identifier it names and the client's network, whether or not an account has that
 * identifier, so the limit tells nothing; then hands the lookup and the mail to {@code background} and answers at
 * once. The answer's work is the same for every name: a known one and an unknown one differ only after it.
 */
public final class RequestPasswordResetService implements RequestPasswordResetUseCase {

    private final RequestAdmission admission;
    private final ResetIssuer issuer;
    private final Executor background;
    private final Clock clock;

    public RequestPasswordResetService(RequestAdmission admission, ResetIssuer issuer, Executor background,
                                       Clock clock) {
        this.admission = Objects.requireNonNull(admission);
        this.issuer = Objects.requireNonNull(issuer);
        this.background = Objects.requireNonNull(background);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result requestPasswordReset(Command command) {
        Instant now = clock.instant();
        Optional<Duration> wait = admission.admit(
                ResetRequestKey.of(command.identifier(), command.requester().clientAddress()), now);
        if (wait.isPresent()) {
            return new Result.Throttled(wait.get());
        }
        background.execute(() -> issuer.issueFor(command.identifier()));
        return new Result.Accepted();
    }
}
