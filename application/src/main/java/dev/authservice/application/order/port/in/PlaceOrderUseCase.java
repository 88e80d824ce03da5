package dev.authservice.application.order.port.in;

import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderReference;
import dev.authservice.domain.user.UserId;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The caller places an order. Its reference is the client's own key for it: placing it again, after an answer that
 * never arrived, finds the reference taken instead of ordering twice.
 */
public interface PlaceOrderUseCase {

    Result placeOrder(Command command);

    /**
     * Refuses, with {@code InvalidValueException} naming the field, a note no order could hold (blank, over-long), so
     * that a command that exists can become an order.
     *
     * @param ownerId who places it: the caller, never someone named in the request
     */
    record Command(UserId ownerId, OrderReference reference, Money total, Optional<String> note) {
        public Command {
            Objects.requireNonNull(ownerId, "ownerId");
            Objects.requireNonNull(reference, "reference");
            Objects.requireNonNull(total, "total");
            note = Order.checkedNote(note);
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Placed, T> placed, Function<ReferenceTaken, T> referenceTaken);

        /** @param order the new order, as it is stored */
        record Placed(Order order) implements Result {
            @Override
            public <T> T match(Function<Placed, T> placed, Function<ReferenceTaken, T> referenceTaken) {
                return placed.apply(this);
            }
        }

        /** The caller has an order with this reference already; nothing new was stored. */
        record ReferenceTaken() implements Result {
            @Override
            public <T> T match(Function<Placed, T> placed, Function<ReferenceTaken, T> referenceTaken) {
                return referenceTaken.apply(this);
            }
        }
    }
}
