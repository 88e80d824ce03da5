package dev.authservice.application.order.service;

import static dev.authservice.application.fixtures.OrderMother.anOrder;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryOrderStore;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.order.port.in.DeleteMyOrderUseCase.Command;
import dev.authservice.application.order.port.in.DeleteMyOrderUseCase.Result;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeleteMyOrderServiceTest {

    private final InMemoryOrderStore orders = new InMemoryOrderStore();
    private final DeleteMyOrderService service = new DeleteMyOrderService(orders);
    private final Order alices = anOrder().ownedBy(UserAccountMother.alice()).build();
    private final Order bobs = anOrder().ownedBy(UserAccountMother.bob()).build();

    @BeforeEach
    void aliceAndBobHaveAnOrderEach() {
        orders.add(alices);
        orders.add(bobs);
    }

    @Test
    void theCallerDeletesTheirOwnOrderOnce() {
        assertEquals(new Result.Deleted(), deleteAsAlice(alices.id()));

        assertEquals(Optional.empty(), orders.findByIdOfOwner(alices.id(), UserAccountMother.ALICE_ID));
        assertEquals(new Result.NotFound(), deleteAsAlice(alices.id()));
    }

    @Test
    void anotherUsersOrderIsNotFoundAndStays() {
        assertEquals(new Result.NotFound(), deleteAsAlice(bobs.id()));

        assertEquals(Optional.of(bobs), orders.findByIdOfOwner(bobs.id(), UserAccountMother.BOB_ID));
    }

    @Test
    void anUnknownOrderIsNotFound() {
        assertEquals(new Result.NotFound(),
                deleteAsAlice(new OrderId(UUID.fromString("0dde1000-0000-4000-8000-00000000dead"))));
    }

    private Result deleteAsAlice(OrderId orderId) {
        return service.deleteMyOrder(new Command(UserAccountMother.ALICE_ID, orderId));
    }
}
