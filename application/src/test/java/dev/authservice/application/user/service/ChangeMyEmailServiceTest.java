package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.fixtures.VerificationMails;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase.Command;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase.Result;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Against the in-memory user store, with the step-up rule every change to how one signs in asks. */
class ChangeMyEmailServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e550000-0000-4000-8000-000000000001"));
    private static final EmailAddress NEW = new EmailAddress("alice@example.org");

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Notices notices = new Notices();
    private final VerificationMails verification = new VerificationMails();
    private final ChangeMyEmailService service = new ChangeMyEmailService(users, notices.changes(users),
            new StepUp(StepUpPolicy.defaults(), audit), verification.mail(Clock.fixed(NOW, ZoneOffset.UTC)), audit,
            Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aNewAddressIsMailedALinkThatVerifiesItBoundToItsMailbox() {
        UserAccount alice = withEmail(true);

        service.changeMyEmail(command(NEW, NOW));

        OutgoingMail mail = verification.sent().get(0);
        assertEquals(1, verification.sent().size());
        assertEquals(NEW, mail.to());
        assertEquals("verify-1", VerificationMails.tokenIn(mail));
        MailedToken token = verification.tokens().all(MailedToken.Purpose.EMAIL_VERIFICATION).get(0);
        assertEquals(alice.id(), token.userId());
        assertTrue(token.issuedUnder().matches(TokenFingerprint.ofAddress(NEW)));
        assertEquals(MailedToken.State.LIVE, token.state());
    }

    @Test
    void anotherChangeSupersedesTheLinkMailedToTheAddressBefore() {
        withEmail(true);

        service.changeMyEmail(command(NEW, NOW));
        service.changeMyEmail(command(new EmailAddress("alice@example.net"), NOW));

        assertEquals(MailedToken.State.SUPERSEDED, stateOf("verify-1"));
        assertEquals(MailedToken.State.LIVE, stateOf("verify-2"));
    }

    @Test
    void noLinkIsMailedWhenNothingChangesOrTheMailboxIsTheSame() {
        withEmail(true);
        users.add(UserAccountMother.aUser().withEmail("taken@example.org", false).build());

        service.changeMyEmail(command(new EmailAddress("taken@example.org"), NOW));
        service.changeMyEmail(command(new EmailAddress("owner@EXAMPLE.com"), NOW));
        service.changeMyEmail(command(NEW, NOW.minus(Duration.ofDays(1))));

        assertEquals(List.of(), verification.sent());
    }

    @Test
    void aNewAddressIsStoredUnverifiedAndTheTrailKeepsThatItChangedNotWhat() {
        UserAccount alice = withEmail(true);

        assertEquals(new Result.Changed(), service.changeMyEmail(command(NEW, NOW)));

        assertEquals(Optional.of(new AccountEmail(NEW, false)), users.findById(alice.id()).orElseThrow().email());
        assertEquals(SecurityEvent.of(SecurityEventType.EMAIL_ADDRESS_CHANGED, NOW, RequesterMother.ALICE)
                .about(alice.id()).inSession(SESSION), audit.only());
    }

    @Test
    void theVerifiedAddressReplacedIsToldThatItNoLongerGetsTheMailAndNotWhereItGoes() {
        withEmail(true);

        service.changeMyEmail(command(NEW, NOW));

        OutgoingMail notice = notices.only();
        assertEquals(CredentialChange.EMAIL_ADDRESS_CHANGED.subject(), notice.subject());
        assertTrue(notice.body().contains("From: " + RequesterMother.CLIENT_ADDRESS.value()), notice.body());
        assertFalse(notice.body().contains("@"), notice.body());
    }

    @Test
    void anUnverifiedAddressReplacedIsToldNothing() {
        withEmail(false);

        assertEquals(new Result.Changed(), service.changeMyEmail(command(NEW, NOW)));

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void theSameMailboxWrittenAnotherWayKeepsItsVerifiedFlag() {
        UserAccount alice = withEmail(true);
        EmailAddress respelled = new EmailAddress("owner@Example.COM");

        assertEquals(new Result.Changed(), service.changeMyEmail(command(respelled, NOW)));

        assertEquals(Optional.of(new AccountEmail(respelled, true)), users.findById(alice.id()).orElseThrow().email());
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void aSessionThatProvedWhoItsUserIsTooLongAgoChangesNothing() {
        UserAccount alice = withEmail(true);
        Instant longAgo = NOW.minus(StepUpPolicy.defaults().maxAge()).minus(Duration.ofSeconds(1));

        assertEquals(new Result.ReauthenticationRequired(), service.changeMyEmail(command(NEW, longAgo)));

        assertEquals(Optional.of(alice), users.findById(alice.id()));
        assertEquals(List.of(SecurityEventType.REAUTHENTICATION_REQUIRED), audit.types());
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anotherUsersMailboxIsTakenAndNothingChanges() {
        UserAccount alice = withEmail(true);
        users.add(UserAccountMother.aUser().withEmail("alice@example.org", false).build());

        Result result = service.changeMyEmail(command(new EmailAddress("alice@EXAMPLE.org"), NOW));

        assertEquals(new Result.EmailTaken(), result);
        assertEquals(Optional.of(alice), users.findById(alice.id()));
        assertEquals(List.of(), audit.events());
        assertEquals(List.of(), notices.queued());
    }

    @Test
    void aUserWithoutAnAddressGetsOne() {
        UserAccount alice = UserAccountMother.alice();
        users.add(alice);

        assertEquals(new Result.Changed(), service.changeMyEmail(command(NEW, NOW)));

        assertEquals(Optional.of(new AccountEmail(NEW, false)), users.findById(alice.id()).orElseThrow().email());
        assertEquals(List.of(), notices.queued());
    }

    private MailedToken.State stateOf(String token) {
        return verification.tokens().find(MailedTokenHash.of(token), MailedToken.Purpose.EMAIL_VERIFICATION)
                .orElseThrow().state();
    }

    private UserAccount withEmail(boolean verified) {
        UserAccount alice = Notices.withAddress(UserAccountMother.alice(), verified);
        users.add(alice);
        return alice;
    }

    private static Command command(EmailAddress email, Instant authenticatedAt) {
        return new Command(UserAccountMother.ALICE_ID, SESSION, authenticatedAt, email, RequesterMother.ALICE);
    }
}
