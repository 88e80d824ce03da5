package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.port.in.ChangePasswordUseCase.Command;
import dev.authservice.application.port.in.ChangePasswordUseCase.Result;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class ChangePasswordServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final PasswordPolicy POLICY = new PasswordPolicy(15, Set.of("passwordpassword"));

    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final PasswordHash CURRENT_HASH = ALICE.passwordHash();
    private static final SessionId CURRENT_SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final LoginAttemptKey ALICE_FROM_CLIENT =
            LoginAttemptKey.of(ALICE.username(), RequesterMother.CLIENT_ADDRESS);

    private static final Password CURRENT = new Password("alices-current-password");
    private static final Password WRONG = new Password("not-alices-password");
    private static final Password NEW = new Password("a-brand-new-long-passphrase");
    private static final PasswordHash NEW_HASH = new PasswordHash("$argon2id$new");

    @Mock private UserStore users;
    @Mock private PasswordHasher hasher;
    @Mock private LoginAttemptLog attempts;
    @Mock private SessionStore sessions;

    private ChangePasswordService service;
    private final RecordingAuditLog audit = new RecordingAuditLog();

    @BeforeEach
    void setUp() {
        lenient().when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE));
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(hasher.verify(CURRENT, CURRENT_HASH)).thenReturn(true);
        lenient().when(hasher.hash(NEW)).thenReturn(NEW_HASH);
        lenient().when(users.replacePasswordHash(ALICE.id(), CURRENT_HASH, NEW_HASH)).thenReturn(true);
        service = new ChangePasswordService(users, hasher, POLICY, attempts, sessions, audit, CLOCK);
    }

    @Test
    void theRightCurrentPasswordAndAStrongNewOneChangeThePassword() {
        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.Changed(), result);
        verify(users).replacePasswordHash(ALICE.id(), CURRENT_HASH, NEW_HASH);
    }

    /** Expecting the hash the current password was checked against, the change cannot undo a change made since. */
    @Test
    void theNewHashReplacesOnlyTheHashTheCurrentPasswordWasVerifiedAgainst() {
        service.changePassword(command(CURRENT, NEW));

        verify(hasher).verify(CURRENT, CURRENT_HASH);
        verify(users).replacePasswordHash(ALICE.id(), CURRENT_HASH, NEW_HASH);
        verify(users).findById(ALICE.id());
        verifyNoMoreInteractions(users);
    }

    @Test
    void aPasswordChangedByAnotherRequestInTheMeantimeIsInvalidCredentialsAndEndsNoSession() {
        PasswordHash changedMeanwhile = new PasswordHash("$argon2id$someone-elses");
        givenAlicesHashSwappedMeanwhileFor(changedMeanwhile);

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(users, never()).replacePasswordHash(ALICE.id(), changedMeanwhile, NEW_HASH);
        verifyNoInteractions(sessions);
        assertEquals(Optional.of(AuditOutcome.CHANGED_MEANWHILE), audit.only().outcome());
    }

    /** A login upgraded the hash of the same password meanwhile: no change, so the new hash replaces the upgrade. */
    @Test
    void aHashUpgradedMeanwhileByALoginWithTheCurrentPasswordIsReplacedAllTheSame() {
        when(users.replacePasswordHash(ALICE.id(), givenALoginUpgradedAlicesHashMeanwhile(), NEW_HASH))
                .thenReturn(true);

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.Changed(), result);
        verify(sessions).revokeAllOf(ALICE.id(), Optional.of(CURRENT_SESSION),
                RevocationReason.PASSWORD_CHANGED, NOW);
        assertEquals(SecurityEventType.PASSWORD_CHANGED, audit.only().type());
    }

    /** The swap is tried once more, not until it wins: a second loss is a change by another request. */
    @Test
    void aSecondLostSwapIsInvalidCredentials() {
        when(users.replacePasswordHash(ALICE.id(), givenALoginUpgradedAlicesHashMeanwhile(), NEW_HASH))
                .thenReturn(false);

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        verify(users, times(2)).replacePasswordHash(any(), any(), any());
        verifyNoInteractions(sessions);
        assertEquals(Optional.of(AuditOutcome.CHANGED_MEANWHILE), audit.only().outcome());
    }

    /** Returns the hash of Alice's current password that a login stored after hers was verified. */
    private PasswordHash givenALoginUpgradedAlicesHashMeanwhile() {
        PasswordHash upgraded = new PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$upgraded");
        givenAlicesHashSwappedMeanwhileFor(upgraded);
        when(hasher.verify(CURRENT, upgraded)).thenReturn(true);
        return upgraded;
    }

    /** Alice's hash was verified, and {@code storedMeanwhile} replaced it before the new one could. */
    private void givenAlicesHashSwappedMeanwhileFor(PasswordHash storedMeanwhile) {
        when(users.replacePasswordHash(ALICE.id(), CURRENT_HASH, NEW_HASH)).thenReturn(false);
        when(users.findById(ALICE.id()))
                .thenReturn(Optional.of(ALICE), Optional.of(ALICE.withPasswordHash(storedMeanwhile)));
    }

    @Test
    void aChangeEndsEveryOtherSessionOfTheUserButNotTheCurrentOne() {
        service.changePassword(command(CURRENT, NEW));

        verify(sessions).revokeAllOf(ALICE.id(), Optional.of(CURRENT_SESSION),
                RevocationReason.PASSWORD_CHANGED, NOW);
        assertEquals(SecurityEvent.of(SecurityEventType.PASSWORD_CHANGED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(CURRENT_SESSION)
                .endingSessions(RevocationReason.PASSWORD_CHANGED, 0), audit.only());
    }

    @Test
    void aChangeClearsTheAttemptCountedForTheCurrentPassword() {
        service.changePassword(command(CURRENT, NEW));

        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts).clear(ALICE_FROM_CLIENT);
    }

    @Test
    void aWrongCurrentPasswordIsInvalidCredentialsAndCountsTowardTheLoginThrottle() {
        Result result = service.changePassword(command(WRONG, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        // The same key as a login of that username from that address: the attempt stays counted.
        verify(attempts).tryAttempt(ALICE_FROM_CLIENT, NOW);
        verify(attempts, never()).clear(any());
        assertEquals(SecurityEvent.of(SecurityEventType.PASSWORD_CHANGE_FAILED, NOW, RequesterMother.ALICE)
                .about(ALICE.id()).inSession(CURRENT_SESSION).outcome(AuditOutcome.WRONG_PASSWORD),
                audit.only());
    }

    @Test
    void aWrongCurrentPasswordChangesNothing() {
        service.changePassword(command(WRONG, NEW));

        verify(hasher, never()).hash(any());
        verify(users, never()).replacePasswordHash(any(), any(), any());
        verifyNoInteractions(sessions);
    }

    @Test
    void aThrottledAttemptWaitsAsLongAsTheLogSaysWithoutCheckingThePassword() {
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofMinutes(5)));

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.Throttled(Duration.ofMinutes(5)), result);
        assertEquals(Optional.of(AuditOutcome.THROTTLED), audit.only().outcome());
        verifyNoInteractions(hasher, sessions);
        verify(attempts, never()).clear(any());
        verify(users, never()).replacePasswordHash(any(), any(), any());
    }

    @Test
    void aWeakNewPasswordIsRefusedWithTheReasonAndChangesNothing() {
        Result result = service.changePassword(command(CURRENT, new Password("too-short")));

        assertEquals(new Result.WeakPassword("the password must be at least 15 characters long"), result);
        assertEquals(Optional.of(AuditOutcome.WEAK_PASSWORD), audit.only().outcome());
        verify(hasher, never()).hash(any());
        verify(users, never()).replacePasswordHash(any(), any(), any());
        verifyNoInteractions(sessions);
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
        verify(users, never()).replacePasswordHash(any(), any(), any());
        verifyNoInteractions(sessions);
    }

    @Test
    void aDisabledUserIsInvalidCredentialsAndNothingIsChecked() {
        when(users.findById(ALICE.id())).thenReturn(Optional.of(ALICE.withEnabled(false)));

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        verifyNoInteractions(hasher, sessions);
        verify(users, never()).replacePasswordHash(any(), any(), any());
        assertEquals(Optional.of(AuditOutcome.ACCOUNT_DISABLED), audit.only().outcome());
    }

    @Test
    void aUserThatNoLongerExistsIsInvalidCredentials() {
        when(users.findById(ALICE.id())).thenReturn(Optional.empty());

        Result result = service.changePassword(command(CURRENT, NEW));

        assertEquals(new Result.InvalidCredentials(), result);
        verifyNoInteractions(hasher, sessions);
        verify(users, never()).replacePasswordHash(any(), any(), any());
    }

    private static Command command(Password current, Password next) {
        return new Command(ALICE.id(), CURRENT_SESSION, current, next, RequesterMother.ALICE);
    }
}
