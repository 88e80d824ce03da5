package dev.authservice.application.recovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.fixtures.VerificationMails;
import dev.authservice.application.fixtures.WithoutTransactions;
import dev.authservice.application.recovery.port.in.VerifyEmailUseCase.Command;
import dev.authservice.application.recovery.port.in.VerifyEmailUseCase.Result;
import dev.authservice.application.user.service.EmailVerificationMail;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.user.EmailVerificationPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Verifications against the in-memory stores, with links mailed as the address changes mail them. */
class VerifyEmailServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final EmailAddress ADDRESS = new EmailAddress("dee@example.com");
    private static final UserAccount DEE = UserAccountMother.aUser().named("dee")
            .withEmail(ADDRESS.value(), false).build();

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final VerificationMails mails = new VerificationMails();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final EmailVerificationMail mail = mails.mail(Clock.fixed(NOW, ZoneOffset.UTC));

    @BeforeEach
    void deeHasAnUnverifiedAddress() {
        users.add(DEE);
    }

    @Test
    void theMailedLinkVerifiesTheAddressOnce() {
        mail.send(DEE, ADDRESS);
        String token = VerificationMails.tokenIn(mails.sent().get(0));

        assertEquals(new Result.Verified(), verifyAt(token, NOW.plusSeconds(60)));
        assertEquals(Optional.of(new AccountEmail(ADDRESS, true)), users.findById(DEE.id()).orElseThrow().email());
        assertEquals(SecurityEvent.of(SecurityEventType.EMAIL_ADDRESS_VERIFIED, NOW.plusSeconds(60),
                RequesterMother.ANONYMOUS).about(DEE.id()), audit.only());

        assertEquals(new Result.TokenInvalid(), verifyAt(token, NOW.plusSeconds(61)));
        assertEquals(Optional.of(AuditOutcome.VERIFICATION_TOKEN_USED), audit.events().get(1).outcome());
    }

    @Test
    void aLinkForAnAddressTheAccountNoLongerHoldsVerifiesNothing() {
        mail.send(DEE, ADDRESS);
        String token = VerificationMails.tokenIn(mails.sent().get(0));
        EmailAddress other = new EmailAddress("dee@example.org");
        users.setEmail(DEE.id(), Optional.of(new AccountEmail(other, false)));

        assertEquals(new Result.TokenInvalid(), verifyAt(token, NOW));

        assertEquals(Optional.of(new AccountEmail(other, false)), users.findById(DEE.id()).orElseThrow().email());
        assertEquals(Optional.of(AuditOutcome.CHANGED_MEANWHILE), audit.only().outcome());
    }

    @Test
    void aLinkForARemovedAddressVerifiesNothing() {
        mail.send(DEE, ADDRESS);
        users.setEmail(DEE.id(), Optional.empty());

        assertEquals(new Result.TokenInvalid(), verifyAt(VerificationMails.tokenIn(mails.sent().get(0)), NOW));
        assertEquals(Optional.empty(), users.findById(DEE.id()).orElseThrow().email());
    }

    @Test
    void anOlderLinkIsSupersededByANewerOne() {
        mail.send(DEE, ADDRESS);
        mail.send(DEE, ADDRESS);

        assertEquals(new Result.TokenInvalid(), verifyAt(VerificationMails.tokenIn(mails.sent().get(0)), NOW));
        assertEquals(Optional.of(AuditOutcome.VERIFICATION_TOKEN_SUPERSEDED), audit.only().outcome());
        assertEquals(new Result.Verified(), verifyAt(VerificationMails.tokenIn(mails.sent().get(1)), NOW));
    }

    @Test
    void anExpiredLinkVerifiesNothing() {
        mail.send(DEE, ADDRESS);

        assertEquals(new Result.TokenInvalid(), verifyAt(VerificationMails.tokenIn(mails.sent().get(0)),
                NOW.plus(EmailVerificationPolicy.DEFAULT_LIFETIME)));
        assertEquals(Optional.of(AuditOutcome.EXPIRED), audit.only().outcome());
        assertFalse(users.findById(DEE.id()).orElseThrow().email().orElseThrow().verified());
    }

    @Test
    void unknownTokensAndResetTokensVerifyNothing() {
        mails.tokens().issue(MailedToken.issue(MailedTokenHash.of("a-reset"), MailedToken.Purpose.PASSWORD_RESET,
                DEE.id(), TokenFingerprint.ofPassword(DEE.passwordHash()), NOW, java.time.Duration.ofMinutes(30)));

        assertEquals(new Result.TokenInvalid(), verifyAt("a-reset", NOW));
        assertEquals(new Result.TokenInvalid(), verifyAt("never-issued", NOW));
        assertEquals(new Result.TokenInvalid(), verifyAt("", NOW));
        assertEquals(List.of(Optional.of(AuditOutcome.UNKNOWN_TOKEN), Optional.of(AuditOutcome.UNKNOWN_TOKEN),
                Optional.of(AuditOutcome.UNKNOWN_TOKEN)), audit.events().stream().map(SecurityEvent::outcome).toList());
    }

    @Test
    void aDisabledAccountsLinkVerifiesNothing() {
        mail.send(DEE, ADDRESS);
        users.setEnabled(DEE.id(), false);

        assertEquals(new Result.TokenInvalid(), verifyAt(VerificationMails.tokenIn(mails.sent().get(0)), NOW));
        assertEquals(Optional.of(AuditOutcome.ACCOUNT_DISABLED), audit.only().outcome());
    }

    @Test
    void ofVerificationsAtOnceWithOneTokenOneSucceeds() throws Exception {
        mail.send(DEE, ADDRESS);
        String token = VerificationMails.tokenIn(mails.sent().get(0));

        List<Result> results = AtTheSameTime.run(IntStream.range(0, 8)
                .<Callable<Result>>mapToObj(i -> () -> verifyAt(token, NOW)).toList());

        assertEquals(1, results.stream().filter(new Result.Verified()::equals).count());
        assertTrue(users.findById(DEE.id()).orElseThrow().email().orElseThrow().verified());
    }

    private Result verifyAt(String token, Instant at) {
        return new VerifyEmailService(mails.tokens(), users, new WithoutTransactions(), audit,
                Clock.fixed(at, ZoneOffset.UTC)).verifyEmail(new Command(token, RequesterMother.ANONYMOUS));
    }
}
