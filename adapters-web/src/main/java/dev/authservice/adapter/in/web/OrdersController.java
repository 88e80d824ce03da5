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
import java.util.Optional;

/** The caller's own orders; whose orders is taken from the token, never from the request. */
@Controller("/api/user/orders")
@Secured(SecurityRule.IS_AUTHENTICATED)
class OrdersController {

    private final ListMyOrdersUseCase listOrders;

    OrdersController(ListMyOrdersUseCase listOrders) {
        this.listOrders = listOrders;
    }

    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    ApiResponse<PageResponse<OrderResponse>> orders(Authentication authentication,
                                                    @QueryValue @Nullable String page,
                                                    @QueryValue @Nullable String size,
                                                    @QueryValue @Nullable String sort,
                                                    @QueryValue @Nullable String status) {
        ListMyOrdersUseCase.Query query = new ListMyOrdersUseCase.Query(
                Caller.of(authentication).userId(),
                QueryParameters.pageRequest(page, size, sort, Order.SORTABLE, ListMyOrdersUseCase.DEFAULT_SORT),
                Optional.ofNullable(status).map(text -> QueryParameters.parse(() -> OrderStatus.parse("status", text))));
        return ApiResponse.ok(PageResponse.of(listOrders.listOrders(query), OrderResponse::of));
    }

    @Serdeable
    record OrderResponse(String id, String status, String totalAmount, String currency, String createdAt) {

        static OrderResponse of(Order order) {
            return new OrderResponse(order.id().toString(), order.status().name(),
                    order.total().amount().toPlainString(), order.total().currency().getCurrencyCode(),
                    Timestamps.iso(order.createdAt()));
        }
    }
}
