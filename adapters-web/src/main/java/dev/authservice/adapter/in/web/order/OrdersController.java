package dev.authservice.adapter.in.web.order;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.QueryParameters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.order.port.in.DeleteMyOrderUseCase;
import dev.authservice.application.order.port.in.GetMyOrderUseCase;
import dev.authservice.application.order.port.in.ListMyOrdersUseCase;
import dev.authservice.application.order.port.in.PlaceOrderUseCase;
import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderReference;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
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
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * The caller's own orders: list, read one, place, delete. Whose orders is taken from the token, never from the
 * request; another user's order is "not found", exactly as an unknown one.
 */
@Controller(OrdersController.PATH)
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
public class OrdersController {

    static final String PATH = "/api/user/orders";

    /** The sort keys of an order, as the API spells them. */
    private static final Map<String, Order.SortKey> SORT_KEYS = Map.of("createdAt", Order.SortKey.CREATED_AT,
            "totalAmount", Order.SortKey.TOTAL_AMOUNT, "status", Order.SortKey.STATUS);

    private final ListMyOrdersUseCase listOrders;
    private final GetMyOrderUseCase getOrder;
    private final PlaceOrderUseCase placeOrder;
    private final DeleteMyOrderUseCase deleteOrder;

    OrdersController(ListMyOrdersUseCase listOrders, GetMyOrderUseCase getOrder, PlaceOrderUseCase placeOrder,
                     DeleteMyOrderUseCase deleteOrder) {
        this.listOrders = listOrders;
        this.getOrder = getOrder;
        this.placeOrder = placeOrder;
        this.deleteOrder = deleteOrder;
    }

    @Get
    @Operation(summary = "The caller's orders", description = "A page past the last is 200 with empty content.")
    @ApiDocs.InvalidParameter
    @ExecuteOn(TaskExecutors.BLOCKING)
    @OrderPageEnvelope
    Envelope<@OrderPage PageResponse<OrderResponse>> orders(
            Authentication authentication,
            @Parameter(description = ApiDocs.PAGE) @QueryValue @Nullable String page,
            @Parameter(description = ApiDocs.SIZE) @QueryValue @Nullable String size,
            @Parameter(description = "createdAt, totalAmount or status, then ,asc or ,desc; default createdAt,desc")
            @QueryValue @Nullable String sort,
            @Parameter(description = "Only orders in this status") @QueryValue @Nullable String status) {
        ListMyOrdersUseCase.Query query = new ListMyOrdersUseCase.Query(Caller.of(authentication).userId(),
                Optional.ofNullable(status).map(text -> QueryParameters.parse(() -> OrderStatus.parse("status", text))),
                QueryParameters.sort(sort, SORT_KEYS, ListMyOrdersUseCase.DEFAULT_SORT),
                QueryParameters.pageRequest(page, size));
        return listOrders.listMyOrders(query).match(
                listed -> Envelope.ok(PageResponse.of(listed.orders(), OrderResponse::of)));
    }

    @Get("/{orderId}")
    @Operation(summary = "One of the caller's orders")
    @OrderNotFound
    @ExecuteOn(TaskExecutors.BLOCKING)
    @OrderEnvelope
    Envelope<OrderResponse> order(Authentication authentication, @PathVariable String orderId) {
        return getOrder.getMyOrder(new GetMyOrderUseCase.Query(Caller.of(authentication).userId(), id(orderId))).match(
                theOrder -> Envelope.ok(OrderResponse.of(theOrder.order())),
                notFound -> {
                    throw new ApiException(OrderErrorCode.ORDER_NOT_FOUND);
                });
    }

    /**
     * Body {@code {"reference", "totalAmount", "currency", "note"}}; {@code note} may be left out or {@code null}. A
     * new order is PENDING and the caller's. The reference is the client's key for it: placing it again, say after
     * an answer that never arrived, is 409 {@code ORDER_REFERENCE_TAKEN} and orders nothing twice.
     */
    @Post
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
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<@OrderEnvelope Envelope<OrderResponse>> place(
            Authentication authentication, @Body @Nullable @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = PlaceOrderRequest.class))) JsonNode body) {
        return placeOrder.placeOrder(command(body, Caller.of(authentication).userId())).match(
                placed -> {
                    OrderResponse order = OrderResponse.of(placed.order());
                    return HttpResponse.created(Envelope.ok(order), URI.create(PATH + "/" + order.id()));
                },
                taken -> {
                    throw new ApiException(OrderErrorCode.ORDER_REFERENCE_TAKEN);
                });
    }

    /** Every field is judged by the domain's types; any refusal is 400 {@code INVALID_INPUT} naming the field. */
    private static PlaceOrderUseCase.Command command(@Nullable JsonNode body, UserId ownerId) {
        JsonNode json = JsonBody.object(body, "{\"reference\": ..., \"totalAmount\": \"12.50\", \"currency\": \"EUR\", "
                + "\"note\": ... or null}");
        OrderReference reference = JsonBody.parse(() -> new OrderReference(JsonBody.text(json, "reference")));
        Money total = JsonBody.parse(() -> Money.parse("totalAmount", JsonBody.text(json, "totalAmount"),
                "currency", JsonBody.text(json, "currency")));
        Optional<String> note = JsonBody.optionalText(json, "note");
        return JsonBody.parse(() -> new PlaceOrderUseCase.Command(ownerId, reference, total, note));
    }

    @Delete("/{orderId}")
    // "delete" alone is a reserved word in the JavaScript clients make of the operationId.
    @Operation(operationId = "deleteOrder", summary = "Delete one of the caller's orders")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @OrderNotFound
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> delete(Authentication authentication, @PathVariable String orderId) {
        return deleteOrder.deleteMyOrder(new DeleteMyOrderUseCase.Command(Caller.of(authentication).userId(),
                        id(orderId)))
                .match(deleted -> HttpResponse.noContent(), notFound -> {
                    throw new ApiException(OrderErrorCode.ORDER_NOT_FOUND);
                });
    }

    /** An id that cannot be one names no order: the same 404 as an unknown one. */
    private static OrderId id(String text) {
        return PathIds.parse(text, OrderId::of, OrderErrorCode.ORDER_NOT_FOUND);
    }

    /** {@code note} is {@code null}, not left out, when the order has none. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "Order")
    record OrderResponse(String id, String reference, String status, String totalAmount, String currency,
                         @Nullable String note, String createdAt) {

        static OrderResponse of(Order order) {
            return new OrderResponse(order.id().toString(), order.reference().value(), order.status().name(),
                    order.total().amount().toPlainString(), order.total().currency().getCurrencyCode(),
                    order.note().orElse(null), Timestamps.iso(order.createdAt()));
        }
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

    /** An order id of the caller's path. */
    @Documented
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
}
