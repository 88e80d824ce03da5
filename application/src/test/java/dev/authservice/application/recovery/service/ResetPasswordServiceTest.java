package dev.authservice.application.recovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.lenient;

import dev.authservice.application.fixtures.InMemoryMailedTokenStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.Notices;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.recovery.port.in.ResetPasswordUseCase.Command;
import dev.authservice.application.recovery.port.in.ResetPasswordUseCase.Result;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mailedtoken.MailedToken;
import dev.authservice.domain.mailedtoken.MailedTokenHash;
import dev.authservice.domain.mailedtoken.TokenFingerprint;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.Username;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** Resets against the in-memory stores; the hasher is a mock. */
@ExtendWith(MockitoExtension.class)
class ResetPasswordServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final PasswordPolicy POLICY = new PasswordPolicy(15, Set.of("passwordpassword"));
    private static final UserAccount ALICE = UserAccountMother.aUser().named("alice")
            .withEmail("alice@example.com", true).build();
    private static final Password NEW = new Password("a-brand-new-long-passphrase");
    private static final PasswordHash NEW_HASH = new PasswordHash("$argon2id$new");

    @Mock private PasswordHasher hasher;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemoryMailedTokenStore tokens = new InMemoryMailedTokenStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Notices notices = new Notices();
    private Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    @BeforeEach
    void aliceHasALiveToken() {
        users.add(ALICE);
        lenient().when(hasher.hash(NEW)).thenReturn(NEW_HASH);
        tokens.issue(issued("good", ALICE));
    }

    @Test
    void aGoodTokenSetsTheNewPasswordAndEndsEverySession() {
        SessionMother.Login one = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(60));
        SessionMother.Login two = SessionMother.aLoginOf(ALICE, NOW.minusSeconds(30));
        sessions.start(one.session(), one.firstToken());
        sessions.start(two.session(), two.firstToken());

        assertEquals(new Result.Reset(), reset("good", NEW));

        assertEquals(NEW_HASH, users.findById(ALICE.id()).orElseThrow().passwordHash());
        assertTrue(sessions.find(one.session().id()).orElseThrow().isRevoked());
        assertTrue(sessions.find(two.session().id()).orElseThrow().isRevoked());
        assertEquals(SecurityEvent.of(SecurityEventType.PASSWORD_RESET, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).endingSessions(RevocationReason.PASSWORD_CHANGED, 2), audit.only());
    }

    /** An account made through an identity provider has no password: its first is set as a forgotten one is. */
    @Test
    void anAccountWithoutAPasswordSetsItsFirstThroughTheMailedLink() {
        UserAccount carol = UserAccount.signedUpThrough(UserAccountMother.aUser().build().id(), new Username("carol"),
                Optional.empty(), Optional.of(new EmailAddress("carol@example.com")), NOW.minusSeconds(60));
        users.add(carol);
        tokens.issue(issued("carols", carol));

        assertEquals(new Result.Reset(), reset("carols", NEW));

        assertEquals(NEW_HASH, users.findById(carol.id()).orElseThrow().passwordHash());
        assertEquals(1, notices.queued().size());
        assertEquals("carol@example.com", notices.queued().get(0).to().value());
    }

    /** A reset changes how the user signs in, as a password change does: the verified address is told. */
    @Test
    void aResetTellsTheVerifiedAddressAndARefusalTellsNoOne() {
        reset("unknown", NEW);
        assertEquals(0, notices.queued().size());
        reset("good", NEW);
        assertEquals(1, notices.queued().size());
        assertEquals("alice@example.com", notices.queued().get(0).to().value());
        assertEquals("Your password was changed", notices.queued().get(0).subject());
    }

    @Test
    void aTokenResetsOnce() {
        reset("good", NEW);
        assertEquals(new Result.TokenInvalid(), reset("good", new Password("yet-another-long-passphrase")));
        assertEquals(Optional.of(AuditOutcome.RESET_TOKEN_USED), audit.events().get(1).outcome());
    }

    @Test
    void aSupersededTokenResetsNothing() {
        tokens.issue(issued("newer", ALICE));
        assertEquals(new Result.TokenInvalid(), reset("good", NEW));
        assertEquals(ALICE.passwordHash(), users.findById(ALICE.id()).orElseThrow().passwordHash());
        assertEquals(Optional.of(AuditOutcome.RESET_TOKEN_SUPERSEDED), audit.only().outcome());
    }

    @Test
    void anExpiredTokenResetsNothing() {
        clock = Clock.fixed(NOW.plus(Duration.ofMinutes(30)), ZoneOffset.UTC);
        assertEquals(new Result.TokenInvalid(), reset("good", NEW));
        assertEquals(Optional.of(AuditOutcome.EXPIRED), audit.only().outcome());
    }

    /** Whatever path changed the password since, without knowing of tokens. */
    @Test
    void aTokenIssuedUnderAPasswordChangedSinceResetsNothing() {
        users.replacePasswordHash(ALICE.id(), ALICE.passwordHash(), new PasswordHash("$argon2id$changed"));
        assertEquals(new Result.TokenInvalid(), reset("good", NEW));
        assertEquals(Optional.of(AuditOutcome.CHANGED_MEANWHILE), audit.only().outcome());
    }

    @Test
    void anUnknownTokenResetsNothingAndTheAuditNamesNoOne() {
        assertEquals(new Result.TokenInvalid(), reset("unknown", NEW));
        assertEquals(new Result.TokenInvalid(), reset("", NEW));
        assertEquals(Optional.empty(), audit.events().get(0).userId());
        assertEquals(Optional.of(AuditOutcome.UNKNOWN_TOKEN), audit.events().get(0).outcome());
    }

    @Test
    void aDisabledAccountIsNotReset() {
        users.setEnabled(ALICE.id(), false);
        assertEquals(new Result.TokenInvalid(), reset("good", NEW));
        assertEquals(Optional.of(AuditOutcome.ACCOUNT_DISABLED), audit.only().outcome());
    }

    /** The policy, with the username, as everywhere; the token stays good for a better password. */
    @Test
    void aWeakPasswordIsRefusedAndTheTokenStaysGood() {
        Result weak = reset("good", new Password("alice-alice-alice-1"));
        assertTrue(weak instanceof Result.WeakPassword, weak.toString());
        assertEquals(new Result.Reset(), reset("good", NEW));
    }

    private Result reset(String token, Password password) {
        return new ResetPasswordService(tokens, users, hasher, POLICY, notices.changes(users, sessions), audit, clock)
                .resetPassword(new Command(token, password, RequesterMother.ANONYMOUS));
    }

    private static MailedToken issued(String token, UserAccount user) {
        return MailedToken.issue(MailedTokenHash.of(token), MailedToken.Purpose.PASSWORD_RESET, user.id(),
                TokenFingerprint.ofPassword(user.passwordHash()), NOW, ResetTokenPolicy.defaults().lifetime());
    }
}
