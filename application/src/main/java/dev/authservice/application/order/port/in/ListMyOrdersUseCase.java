package dev.authservice.application.order.port.in;

import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** Lists the caller's own orders; nobody sees another user's. */
public interface ListMyOrdersUseCase {

    Sort<Order.SortKey> DEFAULT_SORT = new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.DESC);

    Result listMyOrders(Query query);

    /** @param ownerId whose orders: the caller, so that the use case cannot be asked for anyone else's */
    record Query(UserId ownerId, Optional<OrderStatus> status, Sort<Order.SortKey> sort, PageRequest page) {
        public Query {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(sort, "sort");
            Objects.requireNonNull(page, "page");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Listed, T> listed);

        /** A page past the last is empty, with the total still right. */
        record Listed(Page<Order> orders) implements Result {
            @Override
            public <T> T match(Function<Listed, T> listed) {
                return listed.apply(this);
            }
        }
    }
}
