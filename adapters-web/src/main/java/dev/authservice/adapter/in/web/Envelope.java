package dev.authservice.adapter.in.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.error.ErrorCode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * The envelope of every protected path's answer and of every error:
 * {@code {"success": ..., "data": ..., "error": {"code", "message"}, "timestamp": "<ISO 8601 UTC>"}}. Not named
 * {@code ApiResponse}: controllers use swagger's {@code @ApiResponse} beside it, and neither should need its package.
 */
@Serdeable
@Schema(description = "The envelope: success, data (null on an error), error (null on a success: a code and a "
        + "message), timestamp (ISO 8601 UTC)")
@JsonInclude(JsonInclude.Include.ALWAYS) // "data": null and "error": null are part of the contract
public record Envelope<T>(boolean success, @Nullable T data, @Nullable Error error, String timestamp) {

    public static <T> Envelope<T> ok(T data) {
        return new Envelope<>(true, data, null, now());
    }

    public static Envelope<Void> error(ErrorCode code, String message) {
        return new Envelope<>(false, null, new Error(code.name(), message), now());
    }

    private static String now() {
        return Timestamps.iso(Instant.now());
    }

    @Serdeable
    @Schema(description = "code: one of the API's error codes (INVALID_INPUT, UNAUTHORIZED, ...); message: for people")
    public record Error(String code, String message) {
    }
}
