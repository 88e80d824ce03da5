package dev.authservice.application.service;

import dev.authservice.application.port.in.DeleteMyOrderUseCase;
import dev.authservice.application.port.out.OrderStore;

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
