package dev.authservice.application.recovery.service;

import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The limits on requests that send mail, as every such request meets them: counted under its key's identifier and
 * its client's network, in one transaction, and counted only when let through. A password-reset request and a
 * request for a verification link again are each admitted here.
 */
public final class RequestAdmission {

    private final ResetRequestLog requests;
    private final ResetRequestLimit limit;
    private final Transactions transactions;

    public RequestAdmission(ResetRequestLog requests, ResetRequestLimit limit, Transactions transactions) {
        this.requests = Objects.requireNonNull(requests);
        this.limit = Objects.requireNonNull(limit);
        this.transactions = Objects.requireNonNull(transactions);
    }

    /** Empty when the request at {@code now} may go ahead, and is now counted; else how long it must wait. */
    public Optional<Duration> admit(ResetRequestKey key, Instant now) {
        return transactions.inTransaction(() -> {
            Instant since = limit.windowStart(now);
            Optional<Duration> needed = limit.waitBefore(now, requests.ofIdentifier(key, since),
                    requests.ofClient(key, since));
            // A refused request is not counted: a flood cannot keep an account's owner from asking for ever.
            if (needed.isEmpty()) {
                requests.record(key, now);
            }
            return needed;
        });
    }
}
