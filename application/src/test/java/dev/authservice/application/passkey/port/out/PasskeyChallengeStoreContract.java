package dev.authservice.application.passkey.port.out;

import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.PasskeyChallenge;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.user.UserAccount;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PasskeyChallengeStore} promises: a challenge is taken once, by its user, and a newer one
 * replaces the user's older one; a client holds no more login challenges for a passkey alone than the limit lets it,
 * however many it asks for at once. An implementation's test hands out an empty store and a user store that accepts
 * alice and bob.
 */
public abstract class PasskeyChallengeStoreContract {

    private static final int RACERS = 8;
    private static final ClientAddress CLIENT = new ClientAddress("192.0.2.1");
    /** Room for every challenge of a test that is not about the limit. */
    private static final OpenPerAddressLimit ROOMY = OpenPerAddressLimit.defaults();
    private PasskeyChallengeStore store;
    private UserAccount alice;
    private UserAccount bob;

    protected abstract PasskeyChallengeStore emptyChallengeStore();

    protected abstract UserStore userStore();

    @BeforeEach
    void startEmptyWithTwoUsers() {
        store = emptyChallengeStore();
        alice = UserAccountMother.alice();
        bob = UserAccountMother.bob();
        userStore().add(alice);
        userStore().add(bob);
    }

    @Test
    void aChallengeIsTakenOnceAsItWasIssued() {
        PasskeyChallenge challenge = challengeOf(alice);
        store.issue(challenge);

        assertEquals(Optional.of(challenge), store.take(alice.id(), challenge.value()));
        assertEquals(Optional.empty(), store.take(alice.id(), challenge.value()));
    }

    @Test
    void anExpiredChallengeIsStillTakenForTheCallerToRefuse() {
        PasskeyChallenge old = PasskeyChallenge.issue(randomBytes(32), alice.id(), randomBytes(32),
                TestTime.SOME_INSTANT);
        store.issue(old);

        assertEquals(Optional.of(old), store.take(alice.id(), old.value()));
    }

    @Test
    void nobodyTakesAnotherUsersChallenge() {
        PasskeyChallenge alices = challengeOf(alice);
        store.issue(alices);

        assertEquals(Optional.empty(), store.take(bob.id(), alices.value()));
        assertEquals(Optional.of(alices), store.take(alice.id(), alices.value()));
    }

    @Test
    void anUnknownChallengeTakesNothing() {
        PasskeyChallenge alices = challengeOf(alice);
        store.issue(alices);

        assertEquals(Optional.empty(), store.take(alice.id(), randomBytes(32)));
        assertEquals(Optional.of(alices), store.take(alice.id(), alices.value()));
    }

    @Test
    void aNewerChallengeReplacesTheUsersOlderOneOnly() {
        PasskeyChallenge first = challengeOf(alice);
        PasskeyChallenge bobs = challengeOf(bob);
        PasskeyChallenge second = challengeOf(alice);
        store.issue(first);
        store.issue(bobs);
        store.issue(second);

        assertEquals(Optional.empty(), store.take(alice.id(), first.value()));
        assertEquals(Optional.of(second), store.take(alice.id(), second.value()));
        assertEquals(Optional.of(bobs), store.take(bob.id(), bobs.value()));
    }

    @Test
    void ofConcurrentTakesOfOneChallengeExactlyOneFindsIt() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            PasskeyChallenge challenge = challengeOf(alice);
            store.issue(challenge);

            List<Optional<PasskeyChallenge>> results = AtTheSameTime.run(IntStream.range(0, RACERS)
                    .<Callable<Optional<PasskeyChallenge>>>mapToObj(i -> () -> store.take(alice.id(),
                            challenge.value()))
                    .toList());

            assertEquals(1, results.stream().filter(Optional::isPresent).count(), "finders among " + results);
        }
    }

    @Test
    void aLoginChallengeIsTakenOnceAsItWasIssuedBoundOrNot() {
        PasskeyLoginChallenge alone = PasskeyLoginChallenge.issue(randomBytes(32), Optional.empty(), CLIENT,
                TestTime.now());
        PasskeyLoginChallenge bound = PasskeyLoginChallenge.issue(randomBytes(32),
                Optional.of(LoginTicketHash.of("ticket")), CLIENT, TestTime.now());
        store.issueForLogin(alone, ROOMY);
        store.issueForLogin(bound, ROOMY);

        assertEquals(Optional.of(alone), store.takeForLogin(alone.value()));
        assertEquals(Optional.empty(), store.takeForLogin(alone.value()));
        assertEquals(Optional.of(bound), store.takeForLogin(bound.value()));
        assertEquals(Optional.empty(), store.takeForLogin(randomBytes(32)));
    }

    @Test
    void loginChallengesAreNotRegistrationChallenges() {
        PasskeyChallenge registration = challengeOf(alice);
        store.issue(registration);

        assertEquals(Optional.empty(), store.takeForLogin(registration.value()));
        assertEquals(Optional.of(registration), store.take(alice.id(), registration.value()));
    }

    @Test
    void expiredLoginChallengesAreForgottenAndNoOthers() {
        PasskeyLoginChallenge old = PasskeyLoginChallenge.issue(randomBytes(32), Optional.empty(), CLIENT,
                TestTime.SOME_INSTANT);
        PasskeyLoginChallenge fresh = PasskeyLoginChallenge.issue(randomBytes(32), Optional.empty(), CLIENT,
                TestTime.SOME_INSTANT.plus(Duration.ofMinutes(1)));
        store.issueForLogin(old, ROOMY);
        store.issueForLogin(fresh, ROOMY);

        assertEquals(1, store.forgetLoginChallengesExpiredBy(old.expiresAt()));
        assertEquals(Optional.empty(), store.takeForLogin(old.value()));
        assertEquals(Optional.of(fresh), store.takeForLogin(fresh.value()));
    }

    @Test
    void ofConcurrentTakesOfOneLoginChallengeExactlyOneFindsIt() throws Exception {
        for (int round = 0; round < 5; round++) { // a race goes one way or another: run it a few times
            PasskeyLoginChallenge challenge = PasskeyLoginChallenge.issue(randomBytes(32), Optional.empty(),
                    CLIENT, TestTime.now());
            store.issueForLogin(challenge, ROOMY);

            List<Optional<PasskeyLoginChallenge>> results = AtTheSameTime.run(IntStream.range(0, RACERS)
                    .<Callable<Optional<PasskeyLoginChallenge>>>mapToObj(i -> () -> store.takeForLogin(
                            challenge.value()))
                    .toList());

            assertEquals(1, results.stream().filter(Optional::isPresent).count(), "finders among " + results);
        }
    }

    @Test
    void aClientHoldsNoMoreForAPasskeyAloneThanTheLimitAndIsToldWhenTheFirstExpires() {
        OpenPerAddressLimit two = new OpenPerAddressLimit(2);
        Instant now = TestTime.now();
        PasskeyLoginChallenge expired = loginChallengeOf(CLIENT, now.minus(PasskeyChallenge.LIFETIME));
        PasskeyLoginChallenge taken = loginChallengeOf(CLIENT, now.minus(Duration.ofMinutes(2)));
        for (PasskeyLoginChallenge uncounted : List.of(expired, taken, loginChallengeOf(new ClientAddress(
                "198.51.100.7"), now))) {
            assertEquals(Optional.empty(), store.issueForLogin(uncounted, ROOMY));
        }
        store.takeForLogin(taken.value());
        PasskeyLoginChallenge first = loginChallengeOf(CLIENT, now.minus(Duration.ofMinutes(1)));
        assertEquals(Optional.empty(), store.issueForLogin(first, two));
        assertEquals(Optional.empty(), store.issueForLogin(loginChallengeOf(CLIENT, now), two));

        PasskeyLoginChallenge refused = loginChallengeOf(CLIENT, now);
        assertEquals(Optional.of(Duration.ofMinutes(4)), store.issueForLogin(refused, two));
        assertEquals(Optional.empty(), store.takeForLogin(refused.value()), "nothing kept");
        PasskeyLoginChallenge bound = PasskeyLoginChallenge.issue(randomBytes(32),
                Optional.of(LoginTicketHash.of("ticket")), CLIENT, now);
        assertEquals(Optional.empty(), store.issueForLogin(bound, two), "a pending login's, which its ticket bounds");
        assertEquals(Optional.empty(), store.issueForLogin(loginChallengeOf(new ClientAddress("203.0.113.9"), now),
                two), "another client");
        store.takeForLogin(first.value());
        assertEquals(Optional.empty(), store.issueForLogin(loginChallengeOf(CLIENT, now), two), "once one is taken");
    }

    /** Requests of one client released at once: no more kept than the limit lets through, however they interleave. */
    @Test
    void requestsArrivingTogetherKeepNoMoreThanTheLimit() throws Exception {
        OpenPerAddressLimit three = new OpenPerAddressLimit(3);
        List<PasskeyLoginChallenge> burst = IntStream.range(0, 12)
                .mapToObj(i -> loginChallengeOf(CLIENT, TestTime.now())).toList();
        List<Optional<Duration>> answers = AtTheSameTime.run(burst.stream()
                .<Callable<Optional<Duration>>>map(challenge -> () -> store.issueForLogin(challenge, three)).toList());
        assertEquals(3, answers.stream().filter(Optional::isEmpty).count());
        assertEquals(3, burst.stream().filter(challenge -> store.takeForLogin(challenge.value()).isPresent()).count());
    }

    @Test
    void aTicketsNewerLoginChallengeReplacesItsOlderOne() {
        Optional<LoginTicketHash> ticket = Optional.of(LoginTicketHash.of("ticket"));
        PasskeyLoginChallenge older = PasskeyLoginChallenge.issue(randomBytes(32), ticket, CLIENT, TestTime.now());
        PasskeyLoginChallenge newer = PasskeyLoginChallenge.issue(randomBytes(32), ticket, CLIENT, TestTime.now());
        PasskeyLoginChallenge othersTicket = PasskeyLoginChallenge.issue(randomBytes(32),
                Optional.of(LoginTicketHash.of("another")), CLIENT, TestTime.now());
        PasskeyLoginChallenge alone = loginChallengeOf(CLIENT, TestTime.now());
        for (PasskeyLoginChallenge challenge : List.of(older, othersTicket, alone, newer)) {
            store.issueForLogin(challenge, ROOMY);
        }

        assertEquals(Optional.empty(), store.takeForLogin(older.value()));
        assertEquals(Optional.of(newer), store.takeForLogin(newer.value()));
        assertEquals(Optional.of(othersTicket), store.takeForLogin(othersTicket.value()));
        assertEquals(Optional.of(alone), store.takeForLogin(alone.value()));
    }

    private static PasskeyLoginChallenge loginChallengeOf(ClientAddress client, Instant issuedAt) {
        return PasskeyLoginChallenge.issue(randomBytes(32), Optional.empty(), client, issuedAt);
    }

    private static PasskeyChallenge challengeOf(UserAccount user) {
        return PasskeyChallenge.issue(randomBytes(32), user.id(), randomBytes(32), TestTime.now());
    }
}
