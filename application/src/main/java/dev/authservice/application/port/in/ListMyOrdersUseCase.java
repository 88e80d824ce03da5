package dev.authservice.application.port.in;

import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.Optional;

/** Lists the caller's own orders; nobody sees another user's. */
public interface ListMyOrdersUseCase {

    Sort DEFAULT_SORT = new Sort("createdAt", Sort.Direction.DESC);

    Page<Order> listOrders(Query query);

    record Query(UserId ownerId, PageRequest page, Optional<OrderStatus> status) {
        public Query {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(page, "page");
            Objects.requireNonNull(status, "status");
        }
    }
}
