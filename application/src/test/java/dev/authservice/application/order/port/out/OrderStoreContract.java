package dev.authservice.application.order.port.out;

import static dev.authservice.application.fixtures.OrderMother.anOrder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderReference;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OrderStore} promises. An implementation's test extends this class and hands out an empty store,
 * and a user store in which the owners of the orders are added first (a store may insist that an owner exists).
 * A status sorts by its name, as a database sorts the stored text. The owner of a reference is part of its key: the
 * same reference is one order per owner.
 */
public abstract class OrderStoreContract {

    private static final int RACERS = 8;
    private OrderStore store;
    private UserAccount alice;
    private UserAccount bob;

    /** A store without any order; called before each test. */
    protected abstract OrderStore emptyOrderStore();

    /** The users of the order store; called after {@link #emptyOrderStore()}, it must accept alice and bob. */
    protected abstract UserStore userStore();

    @BeforeEach
    void startEmptyWithTwoOwners() {
        store = emptyOrderStore();
        alice = UserAccountMother.alice();
        bob = UserAccountMother.bob();
        userStore().add(alice);
        userStore().add(bob);
    }

    @Test
    void anOrderAddedIsListedForItsOwnerAsItWasGiven() {
        Order order = anOrder().ownedBy(alice).withStatus(OrderStatus.PAID).totalling("12.50", "EUR").build();
        store.add(order);

        Page<Order> page = newestFirst();

        assertEquals(List.of(order), page.content());
        assertEquals(1, page.totalElements());
    }

    @Test
    void amountsKeepTheDecimalsOfTheirCurrency() {
        Order yen = anOrder().ownedBy(alice).totalling("1200", "JPY").createdAt(TestTime.SOME_INSTANT).build();
        Order tenCents = anOrder().ownedBy(alice).totalling("0.10", "EUR").createdAt(later(1)).build();
        Order large = anOrder().ownedBy(alice).totalling("9999999999.99", "USD").createdAt(later(2)).build();
        List.of(yen, tenCents, large).forEach(store::add);

        assertEquals(List.of(yen, tenCents, large),
                firstPageSortedBy(Order.SortKey.CREATED_AT, Sort.Direction.ASC).content());
    }

    @Test
    void anOwnerSeesOnlyTheirOwnOrders() {
        Order alices = anOrder().ownedBy(alice).build();
        store.add(alices);
        store.add(anOrder().ownedBy(bob).build());
        store.add(anOrder().ownedBy(bob).build());

        Page<Order> page = newestFirst();

        assertEquals(List.of(alices), page.content());
        assertEquals(1, page.totalElements());
    }

    @Test
    void anOwnerWithoutOrdersGetsAnEmptyPage() {
        store.add(anOrder().ownedBy(bob).build());

        Page<Order> page = newestFirst();

        assertEquals(List.of(), page.content());
        assertEquals(0, page.totalElements());
    }

    @Test
    void aStatusFilterKeepsAndCountsOnlyThatStatus() {
        List<Order> paid = IntStream.range(0, 3)
                .mapToObj(i -> anOrder().ownedBy(alice).withStatus(OrderStatus.PAID).createdAt(later(i)).build())
                .toList();
        paid.forEach(store::add);
        store.add(anOrder().ownedBy(alice).withStatus(OrderStatus.PENDING).build());
        store.add(anOrder().ownedBy(alice).withStatus(OrderStatus.SHIPPED).build());
        store.add(anOrder().ownedBy(bob).withStatus(OrderStatus.PAID).build());

        Page<Order> page = store.findByOwner(alice.id(), Optional.of(OrderStatus.PAID),
                new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.ASC), new PageRequest(0, 2));

        assertEquals(paid.subList(0, 2), page.content());
        assertEquals(3, page.totalElements());
        assertEquals(List.of(), store.findByOwner(alice.id(), Optional.of(OrderStatus.DELIVERED),
                new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.ASC), firstPage()).content());
    }

    @Test
    void ordersSortByCreationInBothDirections() {
        List<Order> orders = threeOrdersThatSortDifferentlyByEachProperty();

        assertEquals(ids(orders, 0, 1, 2), sortedIds(Order.SortKey.CREATED_AT, Sort.Direction.ASC));
        assertEquals(ids(orders, 2, 1, 0), sortedIds(Order.SortKey.CREATED_AT, Sort.Direction.DESC));
    }

    @Test
    void ordersSortByTotalAmountAsNumbersInBothDirections() {
        List<Order> orders = threeOrdersThatSortDifferentlyByEachProperty();

        assertEquals(ids(orders, 1, 2, 0), sortedIds(Order.SortKey.TOTAL_AMOUNT, Sort.Direction.ASC));
        assertEquals(ids(orders, 0, 2, 1), sortedIds(Order.SortKey.TOTAL_AMOUNT, Sort.Direction.DESC));
    }

    @Test
    void ordersSortByStatusNameInBothDirections() {
        List<Order> orders = threeOrdersThatSortDifferentlyByEachProperty();

        assertEquals(ids(orders, 2, 0, 1), sortedIds(Order.SortKey.STATUS, Sort.Direction.ASC));
        assertEquals(ids(orders, 1, 0, 2), sortedIds(Order.SortKey.STATUS, Sort.Direction.DESC));
    }

    @Test
    void pagesFollowEachOtherWithTheTotalOnEveryPage() {
        List<Order> orders = IntStream.range(0, 5)
                .mapToObj(i -> anOrder().ownedBy(alice).createdAt(later(i)).build())
                .toList();
        orders.forEach(store::add);

        List<List<Order>> pages = new ArrayList<>();
        for (int number = 0; number < 3; number++) {
            Page<Order> page = store.findByOwner(alice.id(), Optional.empty(),
                    new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.ASC), new PageRequest(number, 2));
            assertEquals(number, page.page());
            assertEquals(2, page.size());
            assertEquals(5, page.totalElements());
            pages.add(page.content());
        }
        assertEquals(List.of(orders.subList(0, 2), orders.subList(2, 4), orders.subList(4, 5)), pages);
    }

    @Test
    void aPagePastTheEndIsEmptyButKeepsTheTotal() {
        IntStream.range(0, 3).forEach(i -> store.add(anOrder().ownedBy(alice).build()));

        Page<Order> page = store.findByOwner(alice.id(), Optional.empty(),
                new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.DESC),
                new PageRequest(PageRequest.MAX_PAGE, PageRequest.MAX_SIZE));

        assertEquals(List.of(), page.content());
        assertEquals(3, page.totalElements());
        assertEquals(PageRequest.MAX_PAGE, page.page());
    }

    @Test
    void ordersThatSortEqualArePagedWithoutRepeatsOrGaps() {
        IntStream.range(0, 7).forEach(i -> store.add(anOrder().ownedBy(alice).withStatus(OrderStatus.PAID).build()));

        for (Order.SortKey key : Order.SortKey.values()) {
            for (Sort.Direction direction : Sort.Direction.values()) {
                Sort<Order.SortKey> sort = new Sort<>(key, direction);
                Set<OrderId> seen = new HashSet<>();
                for (int page = 0; page < 4; page++) {
                    store.findByOwner(alice.id(), Optional.empty(), sort, new PageRequest(page, 2)).content()
                            .forEach(order -> seen.add(order.id()));
                }
                assertEquals(7, seen.size(), "every order on exactly one page, sorting by " + sort);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // One order: found, added once per reference, removed, each only by its owner.

    @Test
    void anOrderAddedIsFoundByItsOwnerAsItWasGiven() {
        Order withNote = anOrder().ownedBy(alice).withReference("cart-1").withNote("Leave it at the door").build();
        Order withoutNote = anOrder().ownedBy(alice).withReference("cart-2").build();

        assertTrue(store.add(withNote));
        assertTrue(store.add(withoutNote));

        assertEquals(Optional.of(withNote), store.findByIdOfOwner(withNote.id(), alice.id()));
        assertEquals(Optional.of(withoutNote), store.findByIdOfOwner(withoutNote.id(), alice.id()));
    }

    @Test
    void theLongestReferenceAndNoteAreKeptWhateverTheirCharacters() {
        Order order = anOrder().ownedBy(alice).withReference("ü".repeat(OrderReference.MAX_LENGTH))
                .withNote("ß".repeat(Order.MAX_NOTE_LENGTH)).build();

        assertTrue(store.add(order));

        assertEquals(Optional.of(order), store.findByIdOfOwner(order.id(), alice.id()));
    }

    @Test
    void anOrderIsNotFoundForAnotherUserNorByAnUnknownId() {
        Order alices = anOrder().ownedBy(alice).build();
        store.add(alices);

        assertEquals(Optional.empty(), store.findByIdOfOwner(alices.id(), bob.id()));
        assertEquals(Optional.empty(), store.findByIdOfOwner(new OrderId(UUID.randomUUID()), alice.id()));
    }

    @Test
    void aReferenceTheOwnerHasAlreadyIsRefusedAndNothingIsStored() {
        Order first = anOrder().ownedBy(alice).withReference("cart-1").build();
        Order again = anOrder().ownedBy(alice).withReference("cart-1").totalling("99.00", "USD").build();
        store.add(first);

        assertFalse(store.add(again));

        assertEquals(Optional.empty(), store.findByIdOfOwner(again.id(), alice.id()));
        assertEquals(List.of(first), newestFirst().content());
    }

    @Test
    void anotherOwnerMayUseTheSameReference() {
        Order alices = anOrder().ownedBy(alice).withReference("cart-1").build();
        Order bobs = anOrder().ownedBy(bob).withReference("cart-1").build();

        assertTrue(store.add(alices));
        assertTrue(store.add(bobs));

        assertEquals(Optional.of(bobs), store.findByIdOfOwner(bobs.id(), bob.id()));
    }

    /** Two instances placing one order of a client's retry at once: the store, not a look-up before, decides. */
    @Test
    void ofManyConcurrentAddsOfOneReferenceByOneOwnerExactlyOneWins() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            String reference = "cart-race-" + round;
            List<Order> racers = IntStream.range(0, RACERS)
                    .mapToObj(i -> anOrder().ownedBy(alice).withReference(reference).build())
                    .toList();

            List<Boolean> results = AtTheSameTime.run(racers.stream()
                    .<Callable<Boolean>>map(order -> () -> store.add(order))
                    .toList());

            assertEquals(1, results.stream().filter(added -> added).count(), "winners among " + results);
            Order winner = racers.get(results.indexOf(true));
            for (Order racer : racers) {
                assertEquals(racer == winner ? Optional.of(winner) : Optional.empty(),
                        store.findByIdOfOwner(racer.id(), alice.id()));
            }
        }
        assertEquals(5, newestFirst().totalElements());
    }

    @Test
    void anOwnerRemovesTheirOrderOnceAndItsReferenceIsFreeAgain() {
        Order order = anOrder().ownedBy(alice).withReference("cart-1").build();
        store.add(order);

        assertTrue(store.remove(order.id(), alice.id()));

        assertEquals(Optional.empty(), store.findByIdOfOwner(order.id(), alice.id()));
        assertFalse(store.remove(order.id(), alice.id()), "removed already");
        assertTrue(store.add(anOrder().ownedBy(alice).withReference("cart-1").build()));
    }

    @Test
    void removingSomeoneElsesOrderOrAnUnknownOneIsFalseAndLeavesEveryOrder() {
        Order alices = anOrder().ownedBy(alice).build();
        store.add(alices);

        assertFalse(store.remove(alices.id(), bob.id()));
        assertFalse(store.remove(new OrderId(UUID.randomUUID()), alice.id()));

        assertEquals(Optional.of(alices), store.findByIdOfOwner(alices.id(), alice.id()));
    }

    /**
     * Orders 0, 1 and 2, created in this order, of 100.00, 9.50 and 20.00 (as text, 100.00 would sort first), and
     * PAID, SHIPPED and CANCELLED.
     */
    private List<Order> threeOrdersThatSortDifferentlyByEachProperty() {
        List<Order> orders = List.of(
                anOrder().ownedBy(alice).createdAt(later(0)).totalling("100.00", "EUR").withStatus(OrderStatus.PAID)
                        .build(),
                anOrder().ownedBy(alice).createdAt(later(1)).totalling("9.50", "EUR").withStatus(OrderStatus.SHIPPED)
                        .build(),
                anOrder().ownedBy(alice).createdAt(later(2)).totalling("20.00", "EUR").withStatus(OrderStatus.CANCELLED)
                        .build());
        orders.forEach(store::add);
        return orders;
    }

    private List<OrderId> sortedIds(Order.SortKey key, Sort.Direction direction) {
        return firstPageSortedBy(key, direction).content().stream().map(Order::id).toList();
    }

    private static List<OrderId> ids(List<Order> orders, int... indexes) {
        return IntStream.of(indexes).mapToObj(orders::get).map(Order::id).toList();
    }

    private static Instant later(int minutes) {
        return TestTime.SOME_INSTANT.plus(Duration.ofMinutes(minutes));
    }

    private Page<Order> newestFirst() {
        return firstPageSortedBy(Order.SortKey.CREATED_AT, Sort.Direction.DESC);
    }

    private Page<Order> firstPageSortedBy(Order.SortKey key, Sort.Direction direction) {
        return store.findByOwner(alice.id(), Optional.empty(), new Sort<>(key, direction), firstPage());
    }

    private static PageRequest firstPage() {
        return new PageRequest(0, PageRequest.DEFAULT_SIZE);
    }
}
