package dev.authservice.application.port.out;

import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/** Where orders are kept. */
public interface OrderStore {

    /** A page of one owner's orders, optionally of one status, sorted by one of {@link Order#SORTABLE}. */
    Page<Order> findByOwner(UserId ownerId, Optional<OrderStatus> status, PageRequest request);

    void add(Order order);
}
