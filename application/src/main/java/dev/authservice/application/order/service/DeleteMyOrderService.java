package dev.authservice.application.order.service;

import dev.authservice.application.order.port.in.DeleteMyOrderUseCase;
import dev.authservice.application.order.port.out.OrderStore;

public final class DeleteMyOrderService implements DeleteMyOrderUseCase {

    private final OrderStore orders;

    public DeleteMyOrderService(OrderStore orders) {
        this.orders = orders;
    }

    @Override
    public Result deleteMyOrder(Command command) {
        return orders.remove(command.orderId(), command.ownerId()) ? new Result.Deleted() : new Result.NotFound();
    }
}
