package dev.authservice.application.order.port.in;

import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.function.Function;

/** The caller deletes one of their own orders; nobody deletes another user's. */
public interface DeleteMyOrderUseCase {

    Result deleteMyOrder(Command command);

    /** @param ownerId whose order: the caller, so that the use case cannot be asked to delete anyone else's */
    record Command(UserId ownerId, OrderId orderId) {
        public Command {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(orderId, "orderId");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound);

        record Deleted() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound) {
                return deleted.apply(this);
            }
        }

        /**
         * No order of the caller's: unknown, someone else's and deleted already look the same, so order ids cannot be
         * probed.
         */
        record NotFound() implements Result {
            @Override
            public <T> T match(Function<Deleted, T> deleted, Function<NotFound, T> notFound) {
                return notFound.apply(this);
            }
        }
    }
}
