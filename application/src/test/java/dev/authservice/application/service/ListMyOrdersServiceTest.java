package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.when;

import dev.authservice.application.port.in.ListMyOrdersUseCase;
import dev.authservice.application.port.in.ListMyOrdersUseCase.Query;
import dev.authservice.application.port.out.OrderStore;
import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class ListMyOrdersServiceTest {

    private static final UserId ALICE_ID = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));

    @Mock private OrderStore orders;

    private ListMyOrdersService service;

    @BeforeEach
    void setUp() {
        service = new ListMyOrdersService(orders);
    }

    @Test
    void theCallerGetsThePageOfTheirOwnOrdersAsRequested() {
        PageRequest request = new PageRequest(1, 2, new Sort("totalAmount", Sort.Direction.ASC));
        Page<Order> stored = Page.of(List.of(order(OrderStatus.PAID, "9.90"), order(OrderStatus.SHIPPED, "12.50")),
                request, 5);
        when(orders.findByOwner(ALICE_ID, Optional.empty(), request)).thenReturn(stored);

        Page<Order> page = service.listOrders(new Query(ALICE_ID, request, Optional.empty()));

        assertEquals(stored, page);
        assertEquals(3, page.totalPages());
    }

    @Test
    void aStatusFilterIsPassedOnToTheStore() {
        PageRequest request = new PageRequest(0, 20, ListMyOrdersUseCase.DEFAULT_SORT);
        Page<Order> paidOnly = Page.of(List.of(order(OrderStatus.PAID, "30.00")), request, 1);
        when(orders.findByOwner(ALICE_ID, Optional.of(OrderStatus.PAID), request)).thenReturn(paidOnly);

        Page<Order> page = service.listOrders(new Query(ALICE_ID, request, Optional.of(OrderStatus.PAID)));

        assertEquals(paidOnly, page);
    }

    @Test
    void theDefaultOrderIsNewestFirst() {
        assertEquals(new Sort("createdAt", Sort.Direction.DESC), ListMyOrdersUseCase.DEFAULT_SORT);
    }

    private static Order order(OrderStatus status, String total) {
        return new Order(new OrderId(UUID.randomUUID()), ALICE_ID, status, Money.of(total, "EUR"),
                Instant.parse("2025-02-01T12:00:00Z"));
    }
}
