package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.port.in.ListMyOrdersUseCase;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderStatus;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Map;
import java.util.Optional;

/** The caller's own orders; whose orders is taken from the token, never from the request. */
@Controller("/api/user/orders")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
class OrdersController {

    /** The sort keys of an order, as the API spells them. */
    private static final Map<String, Order.SortKey> SORT_KEYS = Map.of("createdAt", Order.SortKey.CREATED_AT,
            "totalAmount", Order.SortKey.TOTAL_AMOUNT, "status", Order.SortKey.STATUS);

    private final ListMyOrdersUseCase listOrders;

    OrdersController(ListMyOrdersUseCase listOrders) {
        this.listOrders = listOrders;
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
        return listOrders.listOrders(query).match(
                listed -> Envelope.ok(PageResponse.of(listed.orders(), OrderResponse::of)));
    }

    @Serdeable
    @Schema(name = "Order")
    record OrderResponse(String id, String status, String totalAmount, String currency, String createdAt) {

        static OrderResponse of(Order order) {
            return new OrderResponse(order.id().toString(), order.status().name(),
                    order.total().amount().toPlainString(), order.total().currency().getCurrencyCode(),
                    Timestamps.iso(order.createdAt()));
        }
    }

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
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
