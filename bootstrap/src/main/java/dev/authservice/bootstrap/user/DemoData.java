package dev.authservice.bootstrap.user;

import dev.authservice.application.order.port.out.OrderStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.bootstrap.configuration.NoEnvironmentNamed;
import dev.authservice.domain.order.Money;
import dev.authservice.domain.order.Order;
import dev.authservice.domain.order.OrderId;
import dev.authservice.domain.order.OrderReference;
import dev.authservice.domain.order.OrderStatus;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.Credentials;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import jakarta.annotation.PostConstruct;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Currency;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo users of the contract, alice and bob, with their orders and verified addresses on {@code example.com}.
 * Seeded before the server accepts requests, in {@code dev} (also the default when no environment is named, then on
 * loopback only: {@link NoEnvironmentNamed}) and {@code test} only, never with {@code prod}: an environment of a
 * deployment's own, such as {@code staging}, must not start with bob's known administrator password, nor keep it from
 * a database seeded before ({@link PublishedCredentialsCheck}). Seeded once: a user that exists already is left alone,
 * and so is a name that looks like one (a user named {@code ɑlice} keeps {@code alice} out).
 */
@Context
@Requires(env = {Environment.DEVELOPMENT, Environment.TEST})
@Requires(notEnv = "prod")
public class DemoData {

    private static final Logger LOG = LoggerFactory.getLogger(DemoData.class);
    private static final Currency EUR = Currency.getInstance("EUR");

    private static final List<DemoUser> USERS = List.of(
            new DemoUser(Credentials.of("alice", "alice-password"), Set.of(Role.USER), "Alice", "Sales", 30),
            new DemoUser(Credentials.of("bob", "bob-password"), Set.of(Role.USER, Role.ADMIN), "Bob", "Engineering",
                    3));

    private record DemoUser(Credentials credentials, Set<Role> roles, String nickname, String department,
                            int orders) {
    }

    private final UserStore users;
    private final OrderStore orders;
    private final PasswordHasher hasher;
    private final RandomSource random;
    private final Clock clock;

    DemoData(UserStore users, OrderStore orders, PasswordHasher hasher, RandomSource random, Clock clock) {
        this.users = users;
        this.orders = orders;
        this.hasher = hasher;
        this.random = random;
        this.clock = clock;
    }

    /** The demo users' usernames and passwords, which the README publishes. */
    public static List<Credentials> publishedCredentials() {
        return USERS.stream().map(DemoUser::credentials).toList();
    }

    @PostConstruct
    void seed() {
        USERS.forEach(this::seed);
    }

    private void seed(DemoUser demo) {
        if (users.findByUsername(demo.credentials().username()).isPresent()) {
            return;
        }
        Instant now = clock.instant();
        // On example.com, which RFC 2606 reserves: no mail to a demo user reaches anyone.
        EmailAddress email = new EmailAddress(demo.credentials().username().value() + "@example.com");
        UserAccount user = new UserAccount(new UserId(random.uuid()), demo.credentials().username(),
                hasher.hash(demo.credentials().password()), demo.roles(), demo.nickname(), demo.department(), now,
                true, Optional.of(new AccountEmail(email, true)));
        if (!users.add(user)) {
            LOG.warn("Demo user {} not seeded: a user whose name looks like it, or who holds its address, exists",
                    demo.credentials().username());
            return;
        }
        OrderStatus[] statuses = OrderStatus.values();
        for (int i = 0; i < demo.orders(); i++) {
            // Varied amounts, statuses and dates, so that sorting and filtering show something; a note now and then.
            BigDecimal amount = BigDecimal.valueOf(1250 + (i * 7919L) % 20000, 2);
            OrderReference reference = new OrderReference(String.format("demo-%02d", i + 1));
            Optional<String> note = i % 4 == 0 ? Optional.of("Leave it with the neighbours") : Optional.empty();
            orders.add(new Order(new OrderId(random.uuid()), user.id(), reference, statuses[i % statuses.length],
                    new Money(amount, EUR), note, now.minus(Duration.ofHours(13L * (i + 1)))));
        }
        LOG.info("Seeded demo user {} with {} orders", user.username().value(), demo.orders());
    }
}
