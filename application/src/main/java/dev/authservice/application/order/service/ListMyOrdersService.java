package dev.authservice.application.order.service;

import dev.authservice.application.order.port.in.ListMyOrdersUseCase;
import dev.authservice.application.order.port.out.OrderStore;

public final class ListMyOrdersService implements ListMyOrdersUseCase {

    private final OrderStore orders;

    public ListMyOrdersService(OrderStore orders) {
        this.orders = orders;
    }

    @Override
    public Result listMyOrders(Query query) {
        return new Result.Listed(orders.findByOwner(query.ownerId(), query.status(), query.sort(), query.page()));
    }
}
