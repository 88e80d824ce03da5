package dev.authservice.application.order.service;

import static dev.authservice.application.fixtures.OrderMother.anOrder;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryOrderStore;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.order.port.in.ListMyOrdersUseCase.Query;
import dev.authservice.application.order.port.in.ListMyOrdersUseCase.Result;
import dev.authservice.application.order.port.in.ListMyOrdersUseCase;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ListMyOrdersServiceTest {

    private final InMemoryOrderStore orders = new InMemoryOrderStore();
    private final ListMyOrdersService service = new ListMyOrdersService(orders);
    private final Order oldPaid = anOrder().withStatus(OrderStatus.PAID).totalling("30.00", "EUR").build();
    private final Order newShipped = anOrder().withStatus(OrderStatus.SHIPPED).totalling("9.90", "EUR")
            .createdAt(TestTime.SOME_INSTANT.plus(Duration.ofDays(1))).build();
    private final Order bobs = anOrder().ownedBy(UserAccountMother.bob()).build();

    @BeforeEach
    void aliceHasTwoOrdersAndBobOne() {
        List.of(oldPaid, newShipped, bobs).forEach(orders::add);
    }

    @Test
    void theCallerGetsTheirOwnOrdersNewestFirstByDefault() {
        Page<Order> page = list(Optional.empty(), ListMyOrdersUseCase.DEFAULT_SORT, new PageRequest(0, 20));

        assertEquals(List.of(newShipped, oldPaid), page.content());
        assertEquals(2, page.totalElements());
    }

    @Test
    void theOrderAndThePageAreAsAsked() {
        Page<Order> page = list(Optional.empty(), new Sort<>(Order.SortKey.TOTAL_AMOUNT, Sort.Direction.DESC),
                new PageRequest(1, 1));

        assertEquals(List.of(newShipped), page.content());
        assertEquals(2, page.totalPages());
    }

    @Test
    void aStatusFilterKeepsOnlyThatStatus() {
        assertEquals(List.of(oldPaid),
                list(Optional.of(OrderStatus.PAID), ListMyOrdersUseCase.DEFAULT_SORT, new PageRequest(0, 20)).content());
    }

    private Page<Order> list(Optional<OrderStatus> status, Sort<Order.SortKey> sort, PageRequest page) {
        return service.listMyOrders(new Query(UserAccountMother.ALICE_ID, status, sort, page))
                .match(Result.Listed::orders);
    }
}
