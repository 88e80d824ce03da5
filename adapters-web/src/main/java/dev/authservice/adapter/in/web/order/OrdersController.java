package dev.authservice.adapter.in.web.order;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.error.ApiException;
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
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * The caller's own orders: list, read one, place, delete. Whose orders is taken from the token, never from the
 * request; another user's order is "not found", exactly as an unknown one.
 */
@Controller(OrdersController.PATH)
@Secured(SecurityRule.IS_AUTHENTICATED)
public class OrdersController implements OrdersApi {

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

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @OrderPageEnvelope Envelope<@OrderPage PageResponse<OrderResponse>> orders(
            Authentication authentication,
            @QueryValue @Nullable String page,
            @QueryValue @Nullable String size,
            @QueryValue @Nullable String sort,
            @QueryValue @Nullable String status) {
        ListMyOrdersUseCase.Query query = new ListMyOrdersUseCase.Query(Caller.of(authentication).userId(),
                Optional.ofNullable(status).map(text -> QueryParameters.parse(() -> OrderStatus.parse("status", text))),
                QueryParameters.sort(sort, SORT_KEYS, ListMyOrdersUseCase.DEFAULT_SORT),
                QueryParameters.pageRequest(page, size));
        return listOrders.listMyOrders(query).match(
                listed -> Envelope.ok(PageResponse.of(listed.orders(), OrderResponse::of)));
    }

    @Override
    @Get("/{orderId}")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @OrderEnvelope Envelope<OrderResponse> order(Authentication authentication, @PathVariable String orderId) {
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
    @Override
    @Post
    @Status(HttpStatus.CREATED)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<@OrderEnvelope Envelope<OrderResponse>> place(
            Authentication authentication,
            @Body @Nullable JsonNode body) {
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

    @Override
    @Delete("/{orderId}")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> delete(Authentication authentication, @PathVariable String orderId) {
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
}
