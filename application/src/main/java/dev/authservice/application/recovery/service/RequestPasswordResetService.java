package dev.authservice.application.recovery.service;

import dev.authservice.application.recovery.port.in.RequestPasswordResetUseCase;
import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
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

    private final ResetRequestLog requests;
    private final ResetRequestLimit limit;
    private final ResetIssuer issuer;
    private final Executor background;
    private final Transactions transactions;
    private final Clock clock;

    public RequestPasswordResetService(ResetRequestLog requests, ResetRequestLimit limit, ResetIssuer issuer,
                                       Executor background, Transactions transactions, Clock clock) {
        this.requests = Objects.requireNonNull(requests);
        this.limit = Objects.requireNonNull(limit);
        this.issuer = Objects.requireNonNull(issuer);
        this.background = Objects.requireNonNull(background);
        this.transactions = Objects.requireNonNull(transactions);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Result requestPasswordReset(Command command) {
        Instant now = clock.instant();
        ClientAddress client = command.requester().clientAddress();
        ResetRequestKey key = command.username().map(username -> ResetRequestKey.of(username, client))
                .orElseGet(() -> ResetRequestKey.of(command.email().orElseThrow(), client));
        Optional<Duration> wait = new RequestAdmission(requests, limit, transactions).admit(key, now);
        if (wait.isPresent()) {
            return new Result.Throttled(wait.get());
        }
        background.execute(() -> issuer.issueFor(command.username(), command.email()));
        return new Result.Accepted();
    }
}
