package dev.authservice.adapter.in.web.error;

import io.micronaut.http.HttpHeaders;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/** Ends a request with one of the API's errors. Thrown by controllers; turned into the envelope by its handler. */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final Map<String, String> headers;

    public ApiException(ErrorCode code) {
        this(code, code.defaultMessage());
    }

    public ApiException(ErrorCode code, String message) {
        this(code, message, Map.of());
    }

    /** The error with its default message, and a {@code Retry-After} header. */
    public ApiException(ErrorCode code, Duration retryAfter) {
        this(code, Map.of(HttpHeaders.RETRY_AFTER, ErrorResponses.retryAfterSeconds(retryAfter)));
    }

    /** The error with its default message, and headers that tell the client how to go on (a challenge, a wait). */
    public ApiException(ErrorCode code, Map<String, String> headers) {
        this(code, code.defaultMessage(), headers);
    }

    private ApiException(ErrorCode code, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.code = code;
        this.headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
