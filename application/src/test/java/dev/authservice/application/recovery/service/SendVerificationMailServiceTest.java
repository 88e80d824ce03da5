package dev.authservice.application.recovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.InMemoryResetRequestLog;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.fixtures.VerificationMails;
import dev.authservice.application.recovery.port.in.SendVerificationMailUseCase.Command;
import dev.authservice.application.recovery.port.in.SendVerificationMailUseCase.Result;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.recovery.ResetRequestKey;
import dev.authservice.domain.recovery.ResetRequestLimit;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A link asked for again, against the in-memory stores and the reset's default limits. */
class SendVerificationMailServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemoryResetRequestLog requests = new InMemoryResetRequestLog();
    private final VerificationMails mails = new VerificationMails();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final SendVerificationMailService service = new SendVerificationMailService(users,
            new RequestAdmission(requests, ResetRequestLimit.defaults()),
            mails.mail(CLOCK), audit, CLOCK);

    @Test
    void anUnverifiedAddressGetsANewLinkAndTheOldOneIsVoid() {
        UserAccount alice = alice(false);
        assertEquals(new Result.Sent(), service.sendVerificationMail(command()));
        assertEquals(new Result.Sent(), service.sendVerificationMail(command()));

        assertEquals(List.of(new EmailAddress("alice@example.com"), new EmailAddress("alice@example.com")),
                mails.sent().stream().map(OutgoingMail::to).toList());
        assertEquals(MailedToken.State.SUPERSEDED, mails.tokens().find(MailedTokenHash.of("verify-1"),
                MailedToken.Purpose.EMAIL_VERIFICATION).orElseThrow().state());
        assertEquals(SecurityEvent.of(SecurityEventType.EMAIL_VERIFICATION_MAILED, NOW, RequesterMother.ALICE)
                .about(alice.id()), audit.events().get(0));
    }

    @Test
    void aVerifiedAddressOrNoneGetsNothing() {
        alice(true);
        assertEquals(new Result.AlreadyVerified(), service.sendVerificationMail(command()));
        users.setEmail(UserAccountMother.ALICE_ID, Optional.empty());
        assertEquals(new Result.NoAddress(), service.sendVerificationMail(command()));
        assertEquals(List.of(), mails.sent());
        assertEquals(List.of(), audit.events());
    }

    @Test
    void pastTheLimitPerAccountTheAnswerSaysHowLongToWaitAndNothingIsMailed() {
        alice(false);
        for (int i = 0; i < ResetRequestLimit.defaults().perAccount(); i++) {
            assertEquals(new Result.Sent(), service.sendVerificationMail(command()));
        }

        assertEquals(new Result.Throttled(Duration.ofHours(1)), service.sendVerificationMail(command()));

        assertEquals(ResetRequestLimit.defaults().perAccount(), mails.sent().size());
        assertEquals(Optional.of(AuditOutcome.THROTTLED), audit.events().get(audit.events().size() - 1).outcome());
    }

    @Test
    void theCountsAreTheAccountsOwnNotTheResetsOfItsAddress() {
        alice(false);
        for (int i = 0; i < ResetRequestLimit.defaults().perAccount(); i++) {
            requests.tryRequest(ResetRequestKey.of(new EmailAddress("alice@example.com"), new ClientAddress("198.51.100.1")),
                    NOW, ResetRequestLimit.defaults());
        }

        assertEquals(new Result.Sent(), service.sendVerificationMail(command()));
    }

    private UserAccount alice(boolean verified) {
        UserAccount alice = UserAccountMother.alice().withEmail(Optional.of(
                new AccountEmail(new EmailAddress("alice@example.com"), verified)));
        users.add(alice);
        return alice;
    }

    private static Command command() {
        return new Command(UserAccountMother.ALICE_ID, RequesterMother.ALICE);
    }
}
