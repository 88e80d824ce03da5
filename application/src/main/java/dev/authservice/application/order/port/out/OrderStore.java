package dev.authservice.application.order.port.out;

import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.util.Optional;

/** Where orders are kept. An order is found and removed only together with its owner: nobody reaches another's. */
public interface OrderStore {

    /** A page of one owner's orders, optionally of one status, in the order {@code sort} asks for. */
    Page<Order> findByOwner(UserId ownerId, Optional<OrderStatus> status, Sort<Order.SortKey> sort, PageRequest page);

    /** The order with this id if {@code ownerId} owns it; someone else's is as absent as an unknown one. */
    Optional<Order> findByIdOfOwner(OrderId id, UserId ownerId);

    /**
     * Adds a new order, unless its owner has one with the same reference already: then nothing is stored and the
     * answer is {@code false}. Of concurrent adds of one reference by one owner, on any instance, exactly one is
     * {@code true}. Another owner may use the same reference.
     */
    boolean add(Order order);

    /**
     * Removes the order with this id if {@code ownerId} owns it; {@code false}, and nothing removed, when it is
     * unknown or someone else's. Its reference is free again.
     */
    boolean remove(OrderId id, UserId ownerId);
}
