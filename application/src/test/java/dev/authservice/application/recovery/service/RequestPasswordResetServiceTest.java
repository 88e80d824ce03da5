package dev.authservice.application.recovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemoryMailOutbox;
import dev.authservice.application.fixtures.InMemoryMailedTokenStore;
import dev.authservice.application.fixtures.InMemoryResetRequestLog;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.fixtures.WithoutTransactions;
import dev.authservice.application.mail.port.out.ClaimedMail;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.recovery.port.in.RequestPasswordResetUseCase.Command;
import dev.authservice.application.recovery.port.in.RequestPasswordResetUseCase.Result;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.recovery.AccountIdentifier;
import dev.authservice.domain.recovery.ResetRequestLimit;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.Username;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reset requests against the in-memory stores. The background work is held in {@link #handedOff} until a test runs
 * it, so what the answer did and what came after it are seen apart.
 */
class RequestPasswordResetServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final UserAccount ALICE = UserAccountMother.aUser().named("alice")
            .withEmail("alice@example.com", true).build();

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final AtomicInteger userStoreCalls = new AtomicInteger();
    private final InMemoryMailedTokenStore tokens = new InMemoryMailedTokenStore();
    private final InMemoryMailOutbox outbox = new InMemoryMailOutbox();
    private final List<Runnable> handedOff = new ArrayList<>();
    private RequestPasswordResetService service;

    @BeforeEach
    void aliceHasAVerifiedAddress() {
        users.add(ALICE);
        users.add(UserAccountMother.aUser().named("unverified").withEmail("unverified@example.com", false).build());
        users.add(UserAccountMother.aUser().named("disabled").withEmail("disabled@example.com", true).disabled()
                .build());
        UserStore counted = (UserStore) Proxy.newProxyInstance(UserStore.class.getClassLoader(),
                new Class<?>[] {UserStore.class}, (proxy, method, args) -> {
                    userStoreCalls.incrementAndGet();
                    return method.invoke(users, args);
                });
        ResetIssuer issuer = new ResetIssuer(counted, tokens, new MailQueue(outbox, new Tokens(), CLOCK),
                new WithoutTransactions(), new Tokens(), ResetTokenPolicy.defaults(), () -> "https://auth.example.com",
                CLOCK);
        service = new RequestPasswordResetService(new RequestAdmission(new InMemoryResetRequestLog(),
                ResetRequestLimit.defaults()), issuer, handedOff::add, CLOCK);
    }

    @Test
    void aKnownUserGetsAMailWithTheLinkInItsFragment() {
        assertEquals(new Result.Accepted(), service.requestPasswordReset(byName("alice")));
        runHandedOff();

        OutgoingMail mail = onlyMail();
        assertEquals(new EmailAddress("alice@example.com"), mail.to());
        assertTrue(mail.body().contains("https://auth.example.com/#reset-password=token-1\n"), mail.body());
        assertTrue(mail.body().contains("30 minutes"), mail.body());
        assertTrue(mail.body().contains("If you did not ask, ignore this mail: your password is unchanged."));
        MailedToken stored = tokens.find(MailedTokenHash.of("token-1"), MailedToken.Purpose.PASSWORD_RESET).orElseThrow();
        assertEquals(ALICE.id(), stored.userId());
        assertEquals(NOW.plus(Duration.ofMinutes(30)), stored.expiresAt());
    }

    @Test
    void theAddressFindsTheAccountHoweverItsDomainIsWritten() {
        service.requestPasswordReset(byEmail("alice@EXAMPLE.com"));
        runHandedOff();
        assertEquals(new EmailAddress("alice@example.com"), onlyMail().to());
    }

    /** The answer, and the work done before it, are the same for a known name and an unknown one. */
    @Test
    void anUnknownNameAndAKnownOneDoTheSameWorkBeforeTheAnswer() {
        Result known = service.requestPasswordReset(byName("alice"));
        Result unknown = service.requestPasswordReset(byName("nobody"));

        assertEquals(known, unknown);
        assertEquals(0, userStoreCalls.get(), "no account is looked up before the answer");
        assertEquals(2, handedOff.size());
        assertEquals(List.of(), outbox.claimDue(NOW, Duration.ofMinutes(1), 10));
        runHandedOff();
        assertEquals(1, outbox.claimDue(NOW, Duration.ofMinutes(1), 10).size(), "only alice is mailed");
    }

    @Test
    void noMailForAnUnknownUnverifiedOrDisabledAccount() {
        service.requestPasswordReset(byName("nobody"));
        service.requestPasswordReset(byName("unverified"));
        service.requestPasswordReset(byName("disabled"));
        service.requestPasswordReset(byEmail("nobody@example.com"));
        runHandedOff();
        assertEquals(List.of(), outbox.claimDue(NOW, Duration.ofMinutes(1), 10));
    }

    @Test
    void aSecondRequestSupersedesTheFirstToken() {
        service.requestPasswordReset(byName("alice"));
        service.requestPasswordReset(byName("alice"));
        runHandedOff();
        assertEquals(MailedToken.State.SUPERSEDED, tokens.find(MailedTokenHash.of("token-1"), MailedToken.Purpose.PASSWORD_RESET).orElseThrow().state());
        assertEquals(MailedToken.State.LIVE, tokens.find(MailedTokenHash.of("token-2"), MailedToken.Purpose.PASSWORD_RESET).orElseThrow().state());
    }

    /** The fourth request of an hour for one name waits, known or not, so the limit names no account. */
    @Test
    void theFourthRequestForOneNameIsThrottledWhetherOrNotItIsAnAccount() {
        for (String name : List.of("alice", "nobody")) {
            for (int i = 0; i < 3; i++) {
                assertEquals(new Result.Accepted(), service.requestPasswordReset(byName(name, "198.51.100." + i)));
            }
            assertEquals(new Result.Throttled(Duration.ofHours(1)),
                    service.requestPasswordReset(byName(name, "198.51.100.99")));
        }
        assertEquals(6, handedOff.size(), "a throttled request hands nothing off");
    }

    @Test
    void oneClientIsThrottledAcrossNames() {
        for (int i = 0; i < 10; i++) {
            assertEquals(new Result.Accepted(), service.requestPasswordReset(byName("name" + i)));
        }
        assertEquals(new Result.Throttled(Duration.ofHours(1)), service.requestPasswordReset(byName("alice")));
    }

    private void runHandedOff() {
        handedOff.forEach(Runnable::run);
        handedOff.clear();
    }

    private OutgoingMail onlyMail() {
        List<ClaimedMail> mails = outbox.claimDue(NOW, Duration.ofMinutes(1), 10);
        assertEquals(1, mails.size());
        return mails.get(0).mail();
    }

    private static Command byName(String name) {
        return new Command(new AccountIdentifier.ByUsername(new Username(name)), RequesterMother.ANONYMOUS);
    }

    private static Command byName(String name, String client) {
        return new Command(new AccountIdentifier.ByUsername(new Username(name)),
                Requester.anonymous(new ClientAddress(client), RequesterMother.USER_AGENT));
    }

    private static Command byEmail(String address) {
        return new Command(new AccountIdentifier.ByEmail(new EmailAddress(address)), RequesterMother.ANONYMOUS);
    }
}
