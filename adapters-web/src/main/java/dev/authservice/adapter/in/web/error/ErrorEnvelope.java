package dev.authservice.adapter.in.web.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Timestamps;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * The answer of every error, from any path:
 * {@code {"success": false, "data": null, "error": {"code", "message"}, "timestamp": "<ISO 8601 UTC>"}};
 * {@code data} is null but for {@code SECOND_FACTOR_REQUIRED}, which carries the login ticket. The keys of {@link Envelope}, so that a client reads both alike.
 */
@Serdeable
@Schema(name = "ErrorEnvelope", description = "An error: success false, data null, error (a code and a message), "
        + "timestamp (ISO 8601 UTC)")
@JsonInclude(JsonInclude.Include.ALWAYS) // "data": null is part of the contract
public record ErrorEnvelope(boolean success, @Nullable Object data, Error error, String timestamp) {

    public static ErrorEnvelope of(ErrorCode code, String message) {
        return new ErrorEnvelope(false, null, new Error(code.name(), message), Timestamps.iso(Instant.now()));
    }

    /** An error whose {@code data} is what the client needs to go on ({@code SECOND_FACTOR_REQUIRED}'s ticket). */
    public static ErrorEnvelope of(ErrorCode code, Object data) {
        return new ErrorEnvelope(false, data, new Error(code.name(), code.defaultMessage()),
                Timestamps.iso(Instant.now()));
    }

    @Serdeable
    @Schema(name = "ApiError",
            description = "code: one of the API's error codes (INVALID_INPUT, UNAUTHORIZED, ...); message: for people")
    public record Error(String code, String message) {
    }
}
