package dev.authservice.application.recovery.service;

import dev.authservice.application.recovery.port.in.SendSignUpMailUseCase;
import dev.authservice.domain.recovery.ResetRequestKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Counts the request under the name or address it names and the client's network, whether or not an account has
 * it, then hands the lookup and the mail to {@code background} and answers at once: only a pending account is mailed.
 */
public final class SendSignUpMailService implements SendSignUpMailUseCase {

    private final RequestAdmission admission;
    private final SignUps signUps;
    private final Executor background;
    private final Clock clock;

    public SendSignUpMailService(RequestAdmission admission, SignUps signUps, Executor background, Clock clock) {
        this.admission = Objects.requireNonNull(admission);
        this.signUps = Objects.requireNonNull(signUps);
        this.background = Objects.requireNonNull(background);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result sendSignUpMail(Command command) {
        Instant now = clock.instant();
        Optional<Duration> wait = admission.admit(
                ResetRequestKey.ofSignUpMail(command.identifier(), command.requester().clientAddress()), now);
        if (wait.isPresent()) {
            return new Result.Throttled(wait.get());
        }
        background.execute(() -> signUps.mailAgain(command.identifier()));
        return new Result.Accepted();
    }
}
