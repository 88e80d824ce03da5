package dev.authservice.application.recovery.service;

import dev.authservice.application.recovery.port.in.SignUpUseCase;
import dev.authservice.application.user.service.NewAccountChecks;
import dev.authservice.domain.recovery.ResetRequestKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Checks the name and the password against the rules every new account meets ({@link NewAccountChecks}), which read
 * no account; counts the sign-up under the address it names and the client's network, whether or not an account
 * holds either; then hands the rest to {@code background} ({@link SignUps}) and answers at once. The answer's work is
 * the same for a free name and address and a taken one: they differ only after it.
 */
public final class SignUpService implements SignUpUseCase {

    private final NewAccountChecks checks;
    private final RequestAdmission admission;
    private final SignUps signUps;
    private final Executor background;
    private final Clock clock;

    public SignUpService(NewAccountChecks checks, RequestAdmission admission, SignUps signUps, Executor background,
                         Clock clock) {
        this.checks = Objects.requireNonNull(checks);
        this.admission = Objects.requireNonNull(admission);
        this.signUps = Objects.requireNonNull(signUps);
        this.background = Objects.requireNonNull(background);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result signUp(Command command) {
        Optional<NewAccountChecks.Problem> problem = checks.problemWith(command.username(), command.password());
        if (problem.isPresent()) {
            return switch (problem.get().kind()) {
                case RESTRICTED_USERNAME -> new Result.RestrictedUsername(problem.get().reason());
                case WEAK_PASSWORD -> new Result.WeakPassword(problem.get().reason());
            };
        }
        Instant now = clock.instant();
        Optional<Duration> wait = admission.admit(
                ResetRequestKey.ofSignUp(command.email(), command.requester().clientAddress()), now);
        if (wait.isPresent()) {
            return new Result.Throttled(wait.get());
        }
        background.execute(() -> signUps.signUp(command, now));
        return new Result.Accepted();
    }
}
