package dev.authservice.adapter.in.web.error;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** Ends a request with one of the API's errors. Thrown by controllers; turned into the envelope by its handler. */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final Optional<Duration> retryAfter;

    public ApiException(ErrorCode code) {
        this(code, code.defaultMessage());
    }

    public ApiException(ErrorCode code, String message) {
        this(code, message, Optional.empty());
    }

    /** The error with its default message, and a {@code Retry-After} header. */
    public ApiException(ErrorCode code, Duration retryAfter) {
        this(code, code.defaultMessage(), Optional.of(retryAfter));
    }

    private ApiException(ErrorCode code, String message, Optional<Duration> retryAfter) {
        super(message, null, false, false);
        this.code = code;
        this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
    }

    public ErrorCode code() {
        return code;
    }

    public Optional<Duration> retryAfter() {
        return retryAfter;
    }
}
