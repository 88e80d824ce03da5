package dev.authservice.application.order.service;

import static dev.authservice.application.fixtures.OrderMother.anOrder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryOrderStore;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.order.port.in.PlaceOrderUseCase.Command;
import dev.authservice.application.order.port.in.PlaceOrderUseCase.Result;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderReference;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class PlaceOrderServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final UUID NEW_ID = UUID.fromString("0dde1000-0000-4000-8000-000000000003");
    private static final UserId ALICE = UserAccountMother.ALICE_ID;
    private static final OrderReference CART = new OrderReference("cart-7d2f");
    private static final Money TOTAL = Money.of("12.50", "EUR");

    @Mock private RandomSource random;

    private final InMemoryOrderStore orders = new InMemoryOrderStore();
    private PlaceOrderService service;

    @BeforeEach
    void setUp() {
        service = new PlaceOrderService(orders, random, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void aNewOrderIsPendingOwnedByTheCallerAndPlacedNowAndStoredAsAnswered() {
        when(random.uuid()).thenReturn(NEW_ID);

        Result result = service.placeOrder(new Command(ALICE, CART, TOTAL, Optional.of("Leave it at the door")));

        assertEquals(new Result.Placed(placedNow(Optional.of("Leave it at the door"))), result);
        assertEquals(Optional.of(placedNow(Optional.of("Leave it at the door"))),
                orders.findByIdOfOwner(new OrderId(NEW_ID), ALICE));
    }

    @Test
    void anOrderWithoutANoteHasNone() {
        when(random.uuid()).thenReturn(NEW_ID);

        Result result = service.placeOrder(new Command(ALICE, CART, TOTAL, Optional.empty()));

        assertEquals(new Result.Placed(placedNow(Optional.empty())), result);
    }

    @Test
    void aReferenceTheCallerHasAlreadyIsTakenAndNothingNewIsStored() {
        Order first = anOrder().withReference(CART.value()).build();
        orders.add(first);
        when(random.uuid()).thenReturn(NEW_ID);

        Result result = service.placeOrder(new Command(ALICE, CART, Money.of("99.00", "EUR"), Optional.empty()));

        assertEquals(new Result.ReferenceTaken(), result);
        assertEquals(List.of(first), orders.findByOwner(ALICE, Optional.empty(),
                new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.DESC), new PageRequest(0, 20)).content());
    }

    @Test
    void aReferenceOfAnotherUsersOrderIsTheCallersToUse() {
        orders.add(anOrder().ownedBy(UserAccountMother.bob()).withReference(CART.value()).build());
        when(random.uuid()).thenReturn(NEW_ID);

        Result result = service.placeOrder(new Command(ALICE, CART, TOTAL, Optional.empty()));

        assertEquals(new Result.Placed(placedNow(Optional.empty())), result);
    }

    /** A command refuses a note no order could hold, so that the service is never asked to store it. */
    @Test
    void noCommandHoldsANoteNoOrderCould() {
        assertEquals("note", assertThrows(InvalidValueException.class,
                () -> new Command(ALICE, CART, TOTAL, Optional.of(" "))).field());
        assertEquals("note", assertThrows(InvalidValueException.class,
                () -> new Command(ALICE, CART, TOTAL, Optional.of("n".repeat(Order.MAX_NOTE_LENGTH + 1)))).field());
    }

    /** Alice's order of {@link #TOTAL} with the reference {@link #CART}, as the service places it now. */
    private static Order placedNow(Optional<String> note) {
        return new Order(new OrderId(NEW_ID), ALICE, CART, OrderStatus.PENDING, TOTAL, note, NOW);
    }
}
