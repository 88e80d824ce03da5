package dev.authservice.application.service;

import dev.authservice.application.port.in.ListMyOrdersUseCase;
import dev.authservice.application.port.out.OrderStore;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.paging.Page;

public final class ListMyOrdersService implements ListMyOrdersUseCase {

    private final OrderStore orders;

    public ListMyOrdersService(OrderStore orders) {
        this.orders = orders;
    }

    @Override
    public Page<Order> listOrders(Query query) {
        return orders.findByOwner(query.ownerId(), query.status(), query.page());
    }
}
