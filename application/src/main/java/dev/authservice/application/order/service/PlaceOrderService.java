package dev.authservice.application.order.service;

import dev.authservice.application.order.port.in.PlaceOrderUseCase;
import dev.authservice.application.order.port.out.OrderStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import java.time.Clock;

public final class PlaceOrderService implements PlaceOrderUseCase {

    private final OrderStore orders;
    private final RandomSource random;
    private final Clock clock;

    public PlaceOrderService(OrderStore orders, RandomSource random, Clock clock) {
        this.orders = orders;
        this.random = random;
        this.clock = clock;
    }

    /** No look-up first: the store's answer is the one that counts when two placements of one reference race. */
    @Override
    public Result placeOrder(Command command) {
        Order order = Order.place(new OrderId(random.uuid()), command.ownerId(), command.reference(), command.total(),
                command.note(), clock.instant());
        return orders.add(order) ? new Result.Placed(order) : new Result.ReferenceTaken();
    }
}
