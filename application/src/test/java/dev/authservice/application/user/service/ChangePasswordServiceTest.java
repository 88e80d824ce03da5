package dev.authservice.application.user.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.user.port.in.ChangePasswordUseCase.Command;
import dev.authservice.application.user.port.in.ChangePasswordUseCase.Result;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.mail.OutgoingMail;
import dev.authservice.domain.notice.CredentialChange;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/**
 * Password changes against the in-memory user and session stores; the hasher and the attempt log are mocks. A request
 * racing the change is played by the hasher: while it hashes the new password, another request changes the store.
 */
@ExtendWith(MockitoExtension.class)
class ChangePasswordServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final PasswordPolicy POLICY = new PasswordPolicy(15, Set.of("passwordpassword"));

    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final PasswordHash CURRENT_HASH = ALICE.passwordHash();
    private static final LoginAttemptKey ALICE_FROM_CLIENT =
            LoginAttemptKey.of(ALICE.username(), RequesterMother.CLIENT_ADDRESS);

    private static final Password CURRENT = new Password("alices-current-password");
    private static final Password WRONG = new Password("not-alices-password");
    private static final Password NEW = new Password("a-brand-new-long-passphrase");
    private static final PasswordHash NEW_HASH = new PasswordHash("$argon2id$new");

    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Notices notices = new Notices();
    private ChangePasswordService service;
    private SessionMother.Login current;
    private SessionMother.Login other;

    @BeforeEach
    void aliceIsLoggedInTwice() {
        users.add(ALICE);
        current = logIn();
        other = logIn();
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(hasher.verify(CURRENT, CURRENT_HASH)).thenReturn(true);
        lenient().when(hasher.hash(NEW)).thenReturn(NEW_HASH);
        service = new ChangePasswordService(users, hasher, POLICY, attempts, notices.changes(users, sessions),
                new StepUp(StepUpPolicy.defaults(), audit), audit, CLOCK);
    }

    @Test
    void theRightCurrentPasswordAndAStrongNewOneChangeThePassword() {
        assertEquals(new Result.Changed(), service.changePassword(command(CURRENT, NEW)));

        assertEquals(NEW_HASH, storedHash());
    }

    @Test
    void aChangeEndsEveryOtherSessionOfTheUserButNotTheCurrentOne() {
        service.changePassword(command(CURRENT, NEW));

        assertEquals(Optional.of(other.session().revoke(RevocationReason.PASSWORD_CHANGED, NOW)),
                sessions.find(other.sessionId()));
        assertEquals(Optional.of(current.session()), sessions.find(current.sessionId()));
        assertEquals(SecurityEvent.of(SecurityEventType.PASSWORD_CHANGED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(current.sessionId())
                .endingSessions(RevocationReason.PASSWORD_CHANGED, 1), audit.only());
    }

    @Test
    void theVerifiedAddressIsToldOfTheChangeFromWhichClientAndWhatToDoIfItWasNotTheUser() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());

        service.changePassword(command(CURRENT, NEW));

        OutgoingMail notice = notices.only();
        assertEquals(CredentialChange.PASSWORD_CHANGED.subject(), notice.subject());
        assertTrue(notice.body().contains("From: " + RequesterMother.CLIENT_ADDRESS.value()), notice.body());
        assertTrue(notice.body().contains("If this was not you: "), notice.body());
    }

    @Test
    void anUnverifiedAddressIsToldNothing() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, false).email());

        assertEquals(new Result.Changed(), service.changePassword(command(CURRENT, NEW)));

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void anAccountWithoutAnAddressIsToldNothing() {
        assertEquals(new Result.Changed(), service.changePassword(command(CURRENT, NEW)));

        assertEquals(List.of(), notices.queued());
    }

    @Test
    void aRefusedChangeIsToldNothing() {
        users.setEmail(ALICE.id(), Notices.withAddress(ALICE, true).email());

        service.changePassword(command(WRONG, NEW));
        service.changePassword(command(CURRENT, new Password("passwordpassword")));
        whileHashingTheNewPassword(() -> users.replacePasswordHash(ALICE.id(), CURRENT_HASH,
                new PasswordHash("$argon2id$someone-elses")));
        service.changePassword(command(CURRENT, NEW));

        assertEquals(List.of(), notices.queued());
    }

    /** Expecting the hash the current password was checked against, the change cannot undo a change made since. */
    @Test
    void aPasswordChangedByAnotherRequestInTheMeantimeIsInvalidCredentialsAndEndsNoSession() {
        PasswordHash changedMeanwhile = new PasswordHash("$argon2id$someone-elses");
        whileHashingTheNewPassword(() -> users.replacePasswordHash(ALICE.id(), CURRENT_HASH, changedMeanwhile));

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        assertEquals(changedMeanwhile, storedHash());
        assertFalse(sessions.find(other.sessionId()).orElseThrow().isRevoked());
        assertEquals(Optional.of(AuditOutcome.CHANGED_MEANWHILE), audit.only().outcome());
    }

    /** A login upgraded the hash of the same password meanwhile: no change, so the new hash replaces the upgrade. */
    @Test
    void aHashUpgradedMeanwhileByALoginWithTheCurrentPasswordIsReplacedAllTheSame() {
        PasswordHash upgraded = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$upgraded");
        when(hasher.verify(CURRENT, upgraded)).thenReturn(true);
        whileHashingTheNewPassword(() -> users.replacePasswordHash(ALICE.id(), CURRENT_HASH, upgraded));

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.Changed(), result);
        assertEquals(NEW_HASH, storedHash());
        assertEquals(SecurityEventType.PASSWORD_CHANGED, audit.only().type());
    }

    /** The swap is tried once more, not until it wins: a second loss is a change by another request. */
    @Test
    void aSecondLostSwapIsInvalidCredentials() {
        PasswordHash upgraded = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$upgraded");
        PasswordHash changedAfter = new PasswordHash("$argon2id$changed-after-the-upgrade");
        when(hasher.verify(CURRENT, upgraded)).thenAnswer(invocation -> {
            users.replacePasswordHash(ALICE.id(), upgraded, changedAfter);
            return true;
        });
        whileHashingTheNewPassword(() -> users.replacePasswordHash(ALICE.id(), CURRENT_HASH, upgraded));

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        assertEquals(changedAfter, storedHash());
        assertFalse(sessions.find(other.sessionId()).orElseThrow().isRevoked());
        assertEquals(Optional.of(AuditOutcome.CHANGED_MEANWHILE), audit.only().outcome());
    }

    @Test
    void aChangeClearsTheAttemptCountedForTheCurrentPassword() {
        service.changePassword(command(CURRENT, NEW));

        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts).clear(ALICE_FROM_CLIENT);
    }

    @Test
    void aWrongCurrentPasswordIsInvalidCredentialsCountsTowardTheLoginThrottleAndChangesNothing() {
        Result result = service.changePassword(command(WRONG, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        // The same key as a login of that username from that address: the attempt stays counted.
        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts, never()).clear(any());
        verify(hasher, never()).hash(any());
        assertNothingChanged();
        assertEquals(SecurityEvent.of(SecurityEventType.PASSWORD_CHANGE_FAILED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(current.sessionId()).outcome(AuditOutcome.WRONG_PASSWORD),
                audit.only());
    }

    @Test
    void aThrottledAttemptWaitsAsLongAsTheLogSaysWithoutCheckingThePassword() {
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofMinutes(5)));

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.Throttled(Duration.ofMinutes(5)), result);
        assertEquals(Optional.of(AuditOutcome.THROTTLED), audit.only().outcome());
        verifyNoInteractions(hasher);
        verify(attempts, never()).clear(any());
        assertNothingChanged();
    }

    @Test
    void aWeakNewPasswordIsRefusedWithTheReasonAndChangesNothing() {
        Result result = service.changePassword(command(CURRENT, new Password("too-short")));

        assertEquals(new Result.WeakPassword("the password must be at least 15 characters long"), result);
        assertEquals(Optional.of(AuditOutcome.WEAK_PASSWORD), audit.only().outcome());
        verify(hasher, never()).hash(any());
        assertNothingChanged();
    }

    @Test
    void aWeakNewPasswordStillClearsTheAttemptBecauseTheCurrentPasswordWasRight() {
        service.changePassword(command(CURRENT, new Password("too-short")));

        verify(attempts).clear(ALICE_FROM_CLIENT);
    }

    @Test
    void aNewPasswordContainingTheUsernameOrFromTheCommonListIsWeak() {
        assertEquals(new Result.WeakPassword("the password must not contain the username"),
                service.changePassword(command(CURRENT, new Password("still-ALICE-after-all-these-years"))));
        assertInstanceOf(Result.WeakPassword.class,
                service.changePassword(command(CURRENT, new Password("PASSWORDpassword"))));
        assertNothingChanged();
    }

    @Test
    void aDisabledUserIsInvalidCredentialsAndNothingIsChecked() {
        users.setEnabled(ALICE.id(), false);

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        verifyNoInteractions(hasher);
        assertNothingChanged();
        assertEquals(Optional.of(AuditOutcome.ACCOUNT_DISABLED), audit.only().outcome());
    }

    @Test
    void aUserThatNoLongerExistsIsInvalidCredentials() {
        Result result = service.changePassword(new Command(UserAccountMother.BOB_ID, current.sessionId(),
                CLOCK.instant(), CURRENT, NEW, RequesterMother.ALICE));

        assertEquals(new Result.InvalidCredentials(), result);
        verifyNoInteractions(hasher);
        assertNothingChanged();
    }

    /** Another request changes the store while this one hashes the new password. */
    private void whileHashingTheNewPassword(Runnable change) {
        when(hasher.hash(NEW)).thenAnswer(invocation -> {
            change.run();
            return NEW_HASH;
        });
    }

    private void assertNothingChanged() {
        assertEquals(CURRENT_HASH, storedHash());
        assertFalse(sessions.find(other.sessionId()).orElseThrow().isRevoked());
    }

    private PasswordHash storedHash() {
        return users.findById(ALICE.id()).orElseThrow().passwordHash();
    }

    private SessionMother.Login logIn() {
        SessionMother.Login login = SessionMother.aLoginOf(ALICE, TestTime.SOME_INSTANT);
        sessions.start(login.session(), login.firstToken());
        return login;
    }

    private Command command(Password currentPassword, Password next) {
        return new Command(ALICE.id(), current.sessionId(), CLOCK.instant(), currentPassword, next,
                RequesterMother.ALICE);
    }
}
