package dev.authservice.application.recovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemoryMailOutbox;
import dev.authservice.application.fixtures.InMemoryResetRequestLog;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RandomIds;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SmallCapitalsRestricted;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.fixtures.VerificationMails;
import dev.authservice.application.mail.service.MailQueue;
import dev.authservice.application.recovery.port.in.SendSignUpMailUseCase;
import dev.authservice.application.recovery.port.in.SignUpUseCase.Command;
import dev.authservice.application.recovery.port.in.SignUpUseCase.Result;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.service.NewAccountChecks;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.recovery.AccountIdentifier;
import dev.authservice.domain.recovery.ResetRequestLimit;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.Username;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sign-ups against the in-memory stores. The background work is held in {@link #handedOff} until a test runs it, so
 * what the answer did and what came after it are seen apart: the answer reads no account.
 */
class SignUpServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Password PASSWORD = new Password("a long and uncommon passphrase");
    private static final PasswordHash HASH = new PasswordHash("$argon2id$hashed");

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final AtomicInteger userStoreCalls = new AtomicInteger();
    private final InMemoryMailOutbox outbox = new InMemoryMailOutbox();
    private final VerificationMails verification = new VerificationMails();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final List<Runnable> handedOff = new ArrayList<>();
    private SignUpService service;
    private SendSignUpMailService again;

    @BeforeEach
    void aliceExists() {
        users.add(UserAccountMother.aUser().named("alice").withEmail("alice@example.com", true).build());
        UserStore counted = (UserStore) Proxy.newProxyInstance(UserStore.class.getClassLoader(),
                new Class<?>[] {UserStore.class}, (proxy, method, args) -> {
                    userStoreCalls.incrementAndGet();
                    return method.invoke(users, args);
                });
        PasswordHasher hasher = new PasswordHasher() {
            @Override
            public PasswordHash hash(Password password) {
                return HASH;
            }

            @Override
            public boolean verify(Password password, PasswordHash hash) {
                return false;
            }

            @Override
            public boolean needsRehash(PasswordHash hash) {
                return false;
            }
        };
        RandomSource random = new RandomIds();
        SignUps signUps = new SignUps(counted, hasher, random, verification.mail(CLOCK),
                new MailQueue(outbox, random, CLOCK), audit, () -> "https://auth.example.com");
        RequestAdmission admission = new RequestAdmission(new InMemoryResetRequestLog(), ResetRequestLimit.defaults());
        service = new SignUpService(new NewAccountChecks(new SmallCapitalsRestricted(),
                new PasswordPolicy(15, Set.of("passwordpassword"))), admission, signUps, handedOff::add, CLOCK);
        again = new SendSignUpMailService(admission, signUps, handedOff::add, CLOCK);
    }

    @Test
    void aFreeNameAndAddressMakeAPendingAccountMailedAVerificationLink() {
        assertEquals(new Result.Accepted(), service.signUp(command("carol", "carol@example.com")));
        assertTrue(users.findByUsername(new Username("carol")).isEmpty(), "nothing before the answer is given");
        runHandedOff();

        UserAccount carol = users.findByUsername(new Username("carol")).orElseThrow();
        assertTrue(carol.isPending());
        assertEquals(Optional.of(NOW), carol.pendingSince());
        assertFalse(carol.email().orElseThrow().verified());
        assertEquals(HASH, carol.passwordHash());
        assertEquals(List.of(new EmailAddress("carol@example.com")),
                verification.sent().stream().map(OutgoingMail::to).toList());
        assertEquals(List.of(), outbox.mails());
        assertEquals(List.of(SecurityEventType.USER_SIGNED_UP), audit.types());
    }

    @Test
    void aTakenAddressIsToldSomeoneTriedAndNoAccountIsMade() {
        service.signUp(command("carol", "alice@EXAMPLE.com"));
        runHandedOff();

        assertTrue(users.findByUsername(new Username("carol")).isEmpty());
        OutgoingMail told = outbox.mails().get(0);
        assertEquals(new EmailAddress("alice@EXAMPLE.com"), told.to());
        assertEquals(SignUps.ADDRESS_TAKEN_SUBJECT, told.subject());
        assertTrue(told.body().contains("Forgot your password?"), told.body());
        assertEquals(List.of(), verification.sent());
        assertEquals(Optional.of(AuditOutcome.EMAIL_TAKEN), audit.only().outcome());
    }

    @Test
    void aFreeAddressWithATakenNameIsToldTheNameIsTaken() {
        service.signUp(command("alice", "someone@example.org"));
        runHandedOff();

        assertTrue(users.findByEmail(new EmailAddress("someone@example.org")).isEmpty());
        OutgoingMail told = outbox.mails().get(0);
        assertEquals(new EmailAddress("someone@example.org"), told.to());
        assertEquals(SignUps.USERNAME_TAKEN_SUBJECT, told.subject());
        assertEquals(Optional.of(AuditOutcome.USERNAME_TAKEN), audit.only().outcome());
    }

    @Test
    void theAnswerIsTheSameAndReadsNoAccountWhateverIsTaken() {
        List<Result> answers = List.of(service.signUp(command("carol", "carol@example.com")),
                service.signUp(command("alice", "dave@example.com")),
                service.signUp(command("erin", "alice@example.com")));

        assertEquals(List.of(new Result.Accepted(), new Result.Accepted(), new Result.Accepted()), answers);
        assertEquals(0, userStoreCalls.get(), "the account store is read only after the answer");
        assertEquals(3, handedOff.size());
    }

    @Test
    void aWeakPasswordOrARestrictedNameIsRefusedAndNothingIsCountedOrStored() {
        assertEquals(Result.WeakPassword.class, service.signUp(new Command(new Username("carol"),
                new EmailAddress("carol@example.com"), new Password("short"), RequesterMother.ANONYMOUS)).getClass());
        assertEquals(Result.RestrictedUsername.class, service.signUp(command("ᴀlice", "x@example.com")).getClass());

        assertEquals(List.of(), handedOff);
        assertEquals(0, userStoreCalls.get());
    }

    @Test
    void pastTheLimitForOneAddressSignUpsAreThrottled() {
        for (int i = 0; i < ResetRequestLimit.defaults().perAccount(); i++) {
            assertEquals(new Result.Accepted(), service.signUp(command("name" + i, "carol@example.com")));
        }

        assertEquals(new Result.Throttled(Duration.ofHours(1)), service.signUp(command("other", "carol@example.com")));
    }

    @Test
    void aPendingAccountIsMailedItsLinkAgainAndNoOtherIs() {
        service.signUp(command("carol", "carol@example.com"));
        runHandedOff();

        assertEquals(new SendSignUpMailUseCase.Result.Accepted(), again.sendSignUpMail(new SendSignUpMailUseCase.Command(
                new AccountIdentifier.ByUsername(new Username("carol")), RequesterMother.ANONYMOUS)));
        again.sendSignUpMail(new SendSignUpMailUseCase.Command(
                new AccountIdentifier.ByEmail(new EmailAddress("alice@example.com")), RequesterMother.ANONYMOUS));
        again.sendSignUpMail(new SendSignUpMailUseCase.Command(
                new AccountIdentifier.ByUsername(new Username("nobody")), RequesterMother.ANONYMOUS));
        runHandedOff();

        assertEquals(2, verification.sent().size(), "the sign-up's link, then carol's again; none to alice");
        assertTrue(verification.sent().stream().allMatch(mail -> mail.to().equals(new EmailAddress("carol@example.com"))));
    }

    private void runHandedOff() {
        List<Runnable> work = List.copyOf(handedOff);
        handedOff.clear();
        work.forEach(Runnable::run);
    }

    private static Command command(String username, String email) {
        return new Command(new Username(username), new EmailAddress(email), PASSWORD, RequesterMother.ANONYMOUS);
    }
}
