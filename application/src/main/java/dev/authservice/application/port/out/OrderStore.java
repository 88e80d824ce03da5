package dev.authservice.application.port.out;

import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/** Where orders are kept. */
public interface OrderStore {

    /** A page of one owner's orders, optionally of one status, in the order {@code sort} asks for. */
    Page<Order> findByOwner(UserId ownerId, Optional<OrderStatus> status, Sort<Order.SortKey> sort, PageRequest page);

    void add(Order order);
}
