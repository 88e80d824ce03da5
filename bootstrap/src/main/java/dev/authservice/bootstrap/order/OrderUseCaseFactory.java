package dev.authservice.bootstrap.order;

import dev.authservice.application.order.port.in.DeleteMyOrderUseCase;
import dev.authservice.application.order.port.in.GetMyOrderUseCase;
import dev.authservice.application.order.port.in.ListMyOrdersUseCase;
import dev.authservice.application.order.port.in.PlaceOrderUseCase;
import dev.authservice.application.order.port.out.OrderStore;
import dev.authservice.application.order.service.DeleteMyOrderService;
import dev.authservice.application.order.service.GetMyOrderService;
import dev.authservice.application.order.service.ListMyOrdersService;
import dev.authservice.application.order.service.PlaceOrderService;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.bootstrap.configuration.PolicyFactory;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of orders, the example resource: a new resource wires its own in a factory like this one.
 * The services are plain classes, built from the ports the adapters provide and the policies {@link PolicyFactory}
 * reads from the configuration.
 */
@Factory
class OrderUseCaseFactory {

    @Singleton
    ListMyOrdersUseCase listMyOrders(OrderStore orders) {
        return new ListMyOrdersService(orders);
    }

    @Singleton
    GetMyOrderUseCase getMyOrder(OrderStore orders) {
        return new GetMyOrderService(orders);
    }

    @Singleton
    PlaceOrderUseCase placeOrder(OrderStore orders, RandomSource random, Clock clock) {
        return new PlaceOrderService(orders, random, clock);
    }

    @Singleton
    DeleteMyOrderUseCase deleteMyOrder(OrderStore orders) {
        return new DeleteMyOrderService(orders);
    }
}
