package dev.authservice.application.order.port.in;

import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** One of the caller's own orders; nobody sees another user's. */
public interface GetMyOrderUseCase {

    Result getMyOrder(Query query);

    /** @param ownerId whose order: the caller, so that the use case cannot be asked for anyone else's */
    record Query(UserId ownerId, OrderId orderId) {
        public Query {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(orderId, "orderId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<TheOrder, T> theOrder, Function<NotFound, T> notFound);

        record TheOrder(Order order) implements Result {
            @Override
            public <T> T match(Function<TheOrder, T> theOrder, Function<NotFound, T> notFound) {
                return theOrder.apply(this);
            }
        }

        /** No order of the caller's: unknown and someone else's look the same, so order ids cannot be probed. */
        record NotFound() implements Result {
            @Override
            public <T> T match(Function<TheOrder, T> theOrder, Function<NotFound, T> notFound) {
                return notFound.apply(this);
            }
        }
    }
}
