package dev.authservice.application.order.service;

import static dev.authservice.application.fixtures.OrderMother.anOrder;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryOrderStore;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.order.port.in.GetMyOrderUseCase.Query;
import dev.authservice.application.order.port.in.GetMyOrderUseCase.Result;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class GetMyOrderServiceTest {

    private final InMemoryOrderStore orders = new InMemoryOrderStore();
    private final GetMyOrderService service = new GetMyOrderService(orders);
    private final Order alices = anOrder().ownedBy(UserAccountMother.alice()).withNote("Gift wrap, please").build();
    private final Order bobs = anOrder().ownedBy(UserAccountMother.bob()).build();

    @BeforeEach
    void aliceAndBobHaveAnOrderEach() {
        orders.add(alices);
        orders.add(bobs);
    }

    @Test
    void theCallerGetsTheirOwnOrder() {
        assertEquals(new Result.TheOrder(alices),
                service.getMyOrder(new Query(UserAccountMother.ALICE_ID, alices.id())));
    }

    @Test
    void anotherUsersOrderIsNotFound() {
        assertEquals(new Result.NotFound(), service.getMyOrder(new Query(UserAccountMother.ALICE_ID, bobs.id())));
    }

    @Test
    void anUnknownOrderIsNotFound() {
        assertEquals(new Result.NotFound(), service.getMyOrder(new Query(UserAccountMother.ALICE_ID,
                new OrderId(UUID.fromString("0dde1000-0000-4000-8000-00000000dead")))));
    }
}
