package dev.authservice.application.service;

import dev.authservice.application.port.in.GetMyOrderUseCase;
import dev.authservice.application.port.out.OrderStore;

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
