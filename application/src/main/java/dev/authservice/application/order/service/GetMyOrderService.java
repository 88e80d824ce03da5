package dev.authservice.application.order.service;

import dev.authservice.application.order.port.in.GetMyOrderUseCase;
import dev.authservice.application.order.port.out.OrderStore;

public final class GetMyOrderService implements GetMyOrderUseCase {

    private final OrderStore orders;

    public GetMyOrderService(OrderStore orders) {
        this.orders = orders;
    }

    @Override
    public Result getMyOrder(Query query) {
        return orders.findByIdOfOwner(query.orderId(), query.ownerId())
                .<Result>map(Result.TheOrder::new)
                .orElseGet(Result.NotFound::new);
    }
}
