package dev.authservice.adapter.in.web.error;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import java.time.Duration;

/** Builds the envelope response for an error code: the one place that knows how an error looks on the wire. */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    public static MutableHttpResponse<ErrorEnvelope> of(ErrorCode code) {
        return of(code, code.defaultMessage());
    }

    public static MutableHttpResponse<ErrorEnvelope> of(ErrorCode code, String message) {
        return HttpResponse.<ErrorEnvelope>status(code.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(ErrorEnvelope.of(code, message));
    }

    /** {@code code} with its default message, and {@code data} for the client to go on with. */
    public static MutableHttpResponse<ErrorEnvelope> withData(ErrorCode code, Object data) {
        return HttpResponse.<ErrorEnvelope>status(code.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(ErrorEnvelope.of(code, data));
    }

    /** The framework's own error answer, given the status and envelope of {@code code} with its default message. */
    static MutableHttpResponse<ErrorEnvelope> dress(MutableHttpResponse<?> response, ErrorCode code) {
        return response.status(code.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(ErrorEnvelope.of(code, code.defaultMessage()));
    }

    /** 429 {@code TOO_MANY_ATTEMPTS}, with {@link #retryAfter}. */
    public static MutableHttpResponse<ErrorEnvelope> tooManyAttempts(Duration retryAfter) {
        return of(CommonErrorCode.TOO_MANY_ATTEMPTS, retryAfter);
    }

    /** 503 {@code SERVICE_UNAVAILABLE}, with {@link #retryAfter}. */
    public static MutableHttpResponse<ErrorEnvelope> serviceUnavailable(Duration retryAfter) {
        return of(CommonErrorCode.SERVICE_UNAVAILABLE, retryAfter);
    }

    /** {@code code} with its default message and {@link #retryAfter}. */
    public static MutableHttpResponse<ErrorEnvelope> of(ErrorCode code, Duration retryAfter) {
        return retryAfter(of(code), retryAfter);
    }

    private static MutableHttpResponse<ErrorEnvelope> retryAfter(MutableHttpResponse<ErrorEnvelope> response,
                                                                 Duration retryAfter) {
        return response.header(HttpHeaders.RETRY_AFTER, retryAfterSeconds(retryAfter));
    }

    /**
     * {@code Retry-After} in whole seconds, rounded up and at least 1, so that a client that waits exactly that long
     * is never turned away again for a fraction of a second.
     */
    static String retryAfterSeconds(Duration retryAfter) {
        return Long.toString(Math.max(1, retryAfter.plusNanos(999_999_999).getSeconds()));
    }
}
