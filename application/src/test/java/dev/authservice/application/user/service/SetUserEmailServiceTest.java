package dev.authservice.application.user.service;

import static dev.authservice.application.fixtures.UserAccountMother.aUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.VerificationMails;
import dev.authservice.application.user.port.in.SetUserEmailUseCase.Command;
import dev.authservice.application.user.port.in.SetUserEmailUseCase.Result;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Against the in-memory user store. */
class SetUserEmailServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final EmailAddress DEE = new EmailAddress("dee@example.com");

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Notices notices = new Notices();
    private final VerificationMails verification = new VerificationMails();
    private final SetUserEmailService service = new SetUserEmailService(users, notices.changes(users),
            verification.mail(Clock.fixed(NOW, ZoneOffset.UTC)), audit, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void anAddressSetByAnAdministratorIsMailedALinkThatVerifiesIt() {
        UserAccount dee = aUser().withEmail("dee@example.org", true).build();
        users.add(dee);

        service.setUserEmail(command(dee.id(), Optional.of(DEE)));

        assertEquals(List.of(DEE), verification.sent().stream().map(OutgoingMail::to).toList());
    }

    @Test
    void noLinkIsMailedForTheSameMailboxOrARemovedAddress() {
        UserAccount dee = aUser().withEmail("dee@example.com", false).build();
        users.add(dee);

        service.setUserEmail(command(dee.id(), Optional.of(new EmailAddress("dee@EXAMPLE.com"))));
        service.setUserEmail(command(dee.id(), Optional.empty()));

        assertEquals(List.of(), verification.sent());
    }

    @Test
    void anAddressSetByAnAdministratorIsStoredUnverifiedAndTheTrailKeepsWhoNotWhat() {
        UserAccount dee = aUser().build();
        users.add(dee);

        assertEquals(new Result.Changed(), service.setUserEmail(command(dee.id(), Optional.of(DEE))));

        assertEquals(Optional.of(new AccountEmail(DEE, false)), users.findById(dee.id()).orElseThrow().email());
        assertEquals(SecurityEvent.of(SecurityEventType.EMAIL_ADDRESS_CHANGED, NOW, RequesterMother.ADMINISTRATOR)
                .about(dee.id()).outcome(AuditOutcome.ADMINISTRATOR), audit.only());
    }

    @Test
    void aVerifiedAddressReplacedByAnotherMailboxIsUnverified() {
        UserAccount dee = aUser().withEmail("dee@example.com", true).build();
        users.add(dee);
        EmailAddress other = new EmailAddress("dee@example.org");

        service.setUserEmail(command(dee.id(), Optional.of(other)));

        assertEquals(Optional.of(new AccountEmail(other, false)), users.findById(dee.id()).orElseThrow().email());
    }

    @Test
    void theSameMailboxSetAgainKeepsItsVerifiedFlag() {
        UserAccount dee = aUser().withEmail("dee@example.com", true).build();
        users.add(dee);
        EmailAddress respelled = new EmailAddress("dee@EXAMPLE.com");

        assertEquals(new Result.Changed(), service.setUserEmail(command(dee.id(), Optional.of(respelled))));

        assertEquals(Optional.of(new AccountEmail(respelled, true)), users.findById(dee.id()).orElseThrow().email());
    }

    @Test
    void anAddressIsRemoved() {
        UserAccount dee = aUser().withEmail("dee@example.com", true).build();
        users.add(dee);

        assertEquals(new Result.Changed(), service.setUserEmail(command(dee.id(), Optional.empty())));

        assertEquals(Optional.empty(), users.findById(dee.id()).orElseThrow().email());
        assertEquals(SecurityEvent.of(SecurityEventType.EMAIL_ADDRESS_REMOVED, NOW, RequesterMother.ADMINISTRATOR)
                .about(dee.id()).outcome(AuditOutcome.ADMINISTRATOR), audit.only());
    }

    @Test
    void theVerifiedAddressReplacedOrRemovedIsToldThatAnAdministratorDidIt() {
        UserAccount replaced = Notices.withAddress(aUser().build(), true);
        users.add(replaced);

        service.setUserEmail(command(replaced.id(), Optional.of(DEE)));

        assertEquals(CredentialChange.EMAIL_ADDRESS_CHANGED.subject(), notices.only().subject());
        assertTrue(notices.only().body().contains("By: an administrator"), notices.only().body());
        UserAccount removed = Notices.withAddress(aUser().build(), true);
        users.add(removed);

        service.setUserEmail(command(removed.id(), Optional.empty()));

        assertEquals(List.of(CredentialChange.EMAIL_ADDRESS_CHANGED.subject(),
                CredentialChange.EMAIL_ADDRESS_REMOVED.subject()),
                notices.queued().stream().map(OutgoingMail::subject).toList());
    }

    @Test
    void anUnverifiedAddressNoAddressOrTheSameMailboxIsToldNothing() {
        UserAccount unverified = Notices.withAddress(aUser().build(), false);
        UserAccount without = aUser().build();
        UserAccount verified = Notices.withAddress(aUser().build(), true);
        users.add(unverified);
        users.add(without);
        users.add(verified);

        service.setUserEmail(command(unverified.id(), Optional.of(DEE)));
        service.setUserEmail(command(without.id(), Optional.of(new EmailAddress("without@example.com"))));
        service.setUserEmail(command(verified.id(), Optional.of(new EmailAddress("owner@EXAMPLE.com"))));

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anotherUsersMailboxIsTakenAndNothingChanges() {
        UserAccount holder = aUser().withEmail("dee@example.com", true).build();
        UserAccount other = aUser().build();
        users.add(holder);
        users.add(other);

        assertEquals(new Result.EmailTaken(), service.setUserEmail(command(other.id(),
                Optional.of(new EmailAddress("dee@Example.COM")))));

        assertEquals(Optional.of(holder), users.findById(holder.id()));
        assertEquals(Optional.of(other), users.findById(other.id()));
        assertEquals(List.of(), audit.events());
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anUnknownUserIsNotFound() {
        assertEquals(new Result.UserNotFound(),
                service.setUserEmail(command(UserId.of("dee00000-0000-4000-8000-000000000009"), Optional.of(DEE))));
        assertEquals(List.of(), audit.events());
    }

    private static Command command(UserId userId, Optional<EmailAddress> email) {
        return new Command(userId, email, RequesterMother.ADMINISTRATOR);
    }
}
