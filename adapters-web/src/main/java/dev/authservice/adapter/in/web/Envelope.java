package dev.authservice.adapter.in.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;

/**
 * The envelope of every successful answer of the protected paths:
 * {@code {"success": true, "data": ..., "error": null, "timestamp": "<ISO 8601 UTC>"}}; {@code error} is always null.
 * Errors have their own type with the same keys, {@link ErrorEnvelope}, so that the description can say that
 * {@code data} is always there on a success and {@code error} on an error. (One type would make both nullable, and
 * micronaut-openapi writes a nullable schema reference as {@code nullable} beside {@code allOf} with no {@code type},
 * which OpenAPI 3.0 linters refuse.) Each use names its schema, such as {@code UserEnvelope} ({@link SchemaNames}).
 * <p>
 * Not named {@code ApiResponse}: controllers use swagger's {@code @ApiResponse} beside it, and neither should need its
 * package.
 */
@Serdeable
@Schema(description = "A successful answer: success true, data, error null, timestamp (ISO 8601 UTC)")
@JsonInclude(JsonInclude.Include.ALWAYS) // "error": null is part of the contract
public record Envelope<T>(boolean success, T data, @Nullable Object error, String timestamp) {

    public static <T> Envelope<T> ok(T data) {
        return new Envelope<>(true, data, null, Timestamps.iso(Instant.now()));
    }
}
