package dev.authservice.bootstrap.user;

import static dev.authservice.application.fixtures.UserAccountMother.aUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.adapter.out.crypto.user.Argon2idPasswordHasher;
import dev.authservice.application.fixtures.InMemoryOrderStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.paging.Sort;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DemoDataTest {

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemoryOrderStore orders = new InMemoryOrderStore();
    private final List<UUID> idsHandedOut = new ArrayList<>();

    /** A database that held a look-alike of alice before the demo data was first seeded into it. */
    @Test
    void aDemoUserWhoseNameALookAlikeHoldsIsLeftOutWithTheirOrders() {
        UserAccount lookAlike = aUser().named("\u0251lice").build(); // a Latin alpha
        users.add(lookAlike);

        demoData().seed();

        UserId aliceId = new UserId(idsHandedOut.get(0)); // alice is seeded first, her id drawn first
        assertEquals(Optional.of(lookAlike), users.findByUsername(lookAlike.username()));
        assertEquals(Optional.empty(), users.findById(aliceId));
        assertEquals(0, ordersOf(aliceId), "no orders of a user that does not exist");
        UserId bobId = users.findByUsername(new Username("bob")).orElseThrow().id();
        assertTrue(ordersOf(bobId) > 0, "bob is seeded all the same");
    }

    private DemoData demoData() {
        RandomSource recording = new RandomSource() {
            @Override
            public UUID uuid() {
                UUID id = UUID.randomUUID();
                idsHandedOut.add(id);
                return id;
            }

            @Override
            public String refreshTokenValue() {
                throw new UnsupportedOperationException("the demo data makes no token");
            }

            @Override
            public byte[] bytes(int count) {
                throw new UnsupportedOperationException("the demo data makes no secret and no passkey");
            }
        };
        return new DemoData(users, orders, new Argon2idPasswordHasher(), recording, Clock.systemUTC());
    }

    private long ordersOf(UserId owner) {
        return orders.findByOwner(owner, Optional.empty(), new Sort<>(Order.SortKey.CREATED_AT, Sort.Direction.DESC),
                new PageRequest(0, PageRequest.DEFAULT_SIZE)).totalElements();
    }
}
