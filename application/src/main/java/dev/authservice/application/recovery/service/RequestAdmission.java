package dev.authservice.application.recovery.service;

import dev.authservice.application.recovery.port.out.ResetRequestLog;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The limits on requests that send mail, as every such request meets them: counted under its key's identifier and
 * its client's network, atomically, and counted only when let through. A password-reset request, a request for a
 * verification link again and a sign-up are each admitted here.
 */
public final class RequestAdmission {

    private final ResetRequestLog requests;
    private final ResetRequestLimit limit;

    public RequestAdmission(ResetRequestLog requests, ResetRequestLimit limit) {
        this.requests = Objects.requireNonNull(requests);
        this.limit = Objects.requireNonNull(limit);
    }

    /** Empty when the request at {@code now} may go ahead, and is now counted; else how long it must wait. */
    public Optional<Duration> admit(ResetRequestKey key, Instant now) {
        // A refused request is not counted: a flood cannot keep an account's owner from asking for ever.
        return requests.tryRequest(key, now, limit);
    }
}
