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
 * which OpenAPI 3.0 linters refuse.)
 * <p>
 * <b>Schema names.</b> A client generator turns each schema of the API description into a type, so a name says what
 * the data is, never which Java class carries it:
 * <ul>
 *   <li>a resource's data: its noun, by {@code @Schema(name = "Order")} on the DTO record;</li>
 *   <li>a page of it: the noun and {@code Page} ({@code OrderPage});</li>
 *   <li>a successful answer: the name of its {@code data} and {@code Envelope} ({@code UserEnvelope},
 *       {@code OrderPageEnvelope}); every error is the one {@link ErrorEnvelope}, its {@code error} an
 *       {@code ApiError};</li>
 *   <li>a request body: the operation and {@code Request} ({@code CreateUserRequest}), as in {@link ApiDocs}.</li>
 * </ul>
 * micronaut-openapi names each use of a generic type after the Java classes in it
 * ({@code Envelope_PageResponse_OrdersController.OrderResponse__}). So each controller declares, at its end, one small
 * annotation per generic answer it gives ({@code @interface OrderPageEnvelope}, with {@code @Schema(name = ...)}),
 * and writes it on the type it names: {@code @OrderPageEnvelope Envelope<@OrderPage PageResponse<OrderResponse>>}.
 * {@code OpenApiSpecTest} fails on a schema name that is not a plain word, which is what a forgotten one leaves.
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
