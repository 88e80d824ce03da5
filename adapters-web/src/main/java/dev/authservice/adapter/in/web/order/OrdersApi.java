package dev.authservice.adapter.in.web.order;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.order.OrdersController.OrderResponse;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The OpenAPI description of {@link OrdersController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface OrdersApi {

    @Operation(summary = "The caller's orders", description = "A page past the last is 200 with empty content.")
    @ApiDocs.InvalidParameter
    @OrderPageEnvelope Envelope<@OrderPage PageResponse<OrderResponse>> orders(
            Authentication authentication,
            @Parameter(description = ApiDocs.PAGE) String page,
            @Parameter(description = ApiDocs.SIZE) String size,
            @Parameter(description = "createdAt, totalAmount or status, then ,asc or ,desc; default createdAt,desc")
            String sort,
            @Parameter(description = "Only orders in this status") String status);

    @Operation(summary = "One of the caller's orders")
    @OrderNotFound
    @OrderEnvelope Envelope<OrderResponse> order(Authentication authentication, String orderId);

    // Clients make a method of the operationId: the Java name alone ("place") would say nothing of orders.
    @Operation(operationId = "placeOrder", summary = "Place an order", description = "reference is your own key for "
            + "the order, such as a cart id: placing the same reference again is 409 and stores nothing. note may be "
            + "left out or null.")
    // The 201's body is described from the return type, which the compiler holds to what is returned.
    @ApiResponse(responseCode = "201", description = "Placed", useReturnTypeSchema = true,
            headers = @Header(name = "Location", description = "The new order's path",
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "409",
            description = "ORDER_REFERENCE_TAKEN: the caller has an order with this reference already",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.CrossSiteForbidden
    HttpResponse<@OrderEnvelope Envelope<OrderResponse>> place(
            Authentication authentication,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = PlaceOrderRequest.class))) JsonNode body);

    // "delete" alone is a reserved word in the JavaScript clients make of the operationId.
    @Operation(operationId = "deleteOrder", summary = "Delete one of the caller's orders")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @OrderNotFound
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> delete(Authentication authentication, String orderId);

    /** An order id of the caller's path. */
    @Documented
    @Inherited
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    @ApiResponse(responseCode = "404",
            description = "ORDER_NOT_FOUND: no such order of the caller (another user's gets the same answer)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @interface OrderNotFound {
    }

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "OrderEnvelope")
    @interface OrderEnvelope {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "OrderPage")
    @interface OrderPage {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "OrderPageEnvelope")
    @interface OrderPageEnvelope {
    }

    /** The body of {@code POST /api/user/orders}; the controller reads it as a JSON tree, so this only documents it. */
    @Schema(name = "PlaceOrderRequest", requiredProperties = {"reference", "totalAmount", "currency"})
    record PlaceOrderRequest(
            @Schema(description = "Your own key for the order, unique among your orders: 1 to 64 characters, not "
                    + "blank, no control characters", example = "cart-7d2f") String reference,
            @Schema(description = "A decimal number as text, with no more decimals than the currency has",
                    example = "12.50") String totalAmount,
            @Schema(description = "An ISO 4217 code", example = "EUR") String currency,
            @Schema(description = "Left out or null: no note; otherwise 1 to 500 characters, not blank, no control "
                    + "characters", nullable = true)
            @Nullable String note) {
    }
}
