package dev.authservice.application.login.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.ScriptedPasskeyVerifier;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.login.port.in.LogInWithPasskeyUseCase.Command;
import dev.authservice.application.login.port.in.LogInWithPasskeyUseCase.Result;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Assertion;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.passkey.VerifiedAssertion;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class LogInWithPasskeyServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final TokenPolicy POLICY = SessionMother.POLICY;
    private static final RelyingParty RP = PasskeyMother.RELYING_PARTY;
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final LoginAttemptKey ALICE_FROM_CLIENT = LoginAttemptKey.of(ALICE.username(),
            RequesterMother.CLIENT_ADDRESS);

    @Mock private LoginAttemptLog attempts;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final ScriptedPasskeyVerifier verifier = new ScriptedPasskeyVerifier();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Passkey passkey = aPasskey().ownedBy(ALICE).withSignCount(5).build();
    private LogInWithPasskeyService service;

    @BeforeEach
    void setUp() {
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(random.uuid()).thenAnswer(invocation -> UUID.randomUUID());
        lenient().when(random.refreshTokenValue()).thenReturn("refresh-token");
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
        users.add(ALICE);
        passkeys.add(passkey);
        service = new LogInWithPasskeyService(users, attempts,
                new PasskeyAssertionCheck(passkeys, challenges, verifier, RP), new SessionStart(users, sessions,
                        new TokenIssuer(codec, random, SessionMother.SUCCESSORS, POLICY), POLICY, random, audit),
                audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private ByteString issued(Optional<LoginTicketHash> ticket, Instant at) {
        ByteString challenge = randomBytes(32);
        challenges.issueForLogin(PasskeyLoginChallenge.issue(challenge, ticket, RequesterMother.CLIENT_ADDRESS,
                at), OpenPerAddressLimit.defaults());
        return challenge;
    }

    private Result logIn(ByteString challenge) {
        return service.logInWithPasskey(new Command(ScriptedPasskeyVerifier.assertion(passkey.id(), challenge),
                RequesterMother.ANONYMOUS));
    }

    private void signed(long signCount, boolean userVerified) {
        verifier.answering(new Assertion.Verified(new VerifiedAssertion(signCount, userVerified, true, true,
                Optional.of(passkey.userHandle()))));
    }

    private AuditOutcome refusal() {
        SecurityEvent failed = audit.only();
        assertEquals(SecurityEventType.PASSKEY_LOGIN_FAILED, failed.type());
        return failed.outcome().orElseThrow();
    }

    @Test
    void aVerifiedAssertionLogsItsUserInAndKeepsTheCounter() {
        ByteString challenge = issued(Optional.empty(), NOW);
        signed(6, true);

        assertInstanceOf(Result.LoggedIn.class, logIn(challenge));

        assertEquals(Optional.of(challenge), verifier.verifiedAgainst());
        assertEquals(6, passkeys.find(passkey.id()).orElseThrow().signCount());
        assertEquals(Optional.of(NOW), passkeys.find(passkey.id()).orElseThrow().lastUsedAt());
        assertEquals(AuthenticationMethods.SYNCED_PASSKEY, sessions.activeSessionsOf(ALICE.id(),
                new PageRequest(0, 10), NOW).content().get(0).session().methods());
        verify(attempts).clear(ALICE_FROM_CLIENT);
        assertEquals(List.of(SecurityEventType.PASSKEY_LOGIN_SUCCEEDED, SecurityEventType.LOGIN_SUCCEEDED),
                audit.types());
    }

    @Test
    void aChallengeIsUsedOnce() {
        ByteString challenge = issued(Optional.empty(), NOW);
        signed(6, true);
        logIn(challenge);

        assertEquals(new Result.ChallengeRefused(), logIn(challenge));
        assertEquals(Optional.of(AuditOutcome.UNKNOWN_CHALLENGE), audit.events().get(2).outcome());
    }

    @Test
    void anExpiredChallengeOrOneOfAPendingLoginIsRefused() {
        assertEquals(new Result.ChallengeRefused(), logIn(issued(Optional.empty(), NOW.minus(Duration.ofMinutes(5)))));
        assertEquals(new Result.ChallengeRefused(), logIn(issued(Optional.of(LoginTicketHash.of("t")), NOW)));
        assertEquals(List.of(Optional.of(AuditOutcome.CHALLENGE_EXPIRED), Optional.of(AuditOutcome.UNKNOWN_CHALLENGE)),
                audit.events().stream().map(SecurityEvent::outcome).toList());
    }

    @Test
    void aCounterThatDidNotGoUpIsRefusedAsAClone() {
        signed(5, true);

        assertEquals(new Result.Refused(), logIn(issued(Optional.empty(), NOW)));
        assertEquals(AuditOutcome.POSSIBLE_CLONE, refusal());
        assertEquals(passkey, passkeys.find(passkey.id()).orElseThrow());
    }

    @Test
    void anAssertionWithoutUserVerificationIsRefused() {
        signed(6, false);

        assertEquals(new Result.Refused(), logIn(issued(Optional.empty(), NOW)));
        assertEquals(AuditOutcome.USER_NOT_VERIFIED, refusal());
    }

    @Test
    void aSignatureThatDoesNotVerifyIsRefused() {
        verifier.answering(new Assertion.Refused());

        assertEquals(new Result.Refused(), logIn(issued(Optional.empty(), NOW)));
        assertEquals(AuditOutcome.VERIFICATION_FAILED, refusal());
    }

    @Test
    void anUnknownPasskeyIsRefusedAndNotCounted() {
        ByteString challenge = issued(Optional.empty(), NOW);

        assertEquals(new Result.Refused(), service.logInWithPasskey(new Command(ScriptedPasskeyVerifier.assertion(
                aPasskey().build().id(), challenge), RequesterMother.ANONYMOUS)));
        assertEquals(AuditOutcome.UNKNOWN_PASSKEY, refusal());
        verify(attempts, never()).tryAttempt(any(), any());
    }

    @Test
    void aDisabledUserIsRefused() {
        users.setEnabled(ALICE.id(), false);
        signed(6, true);

        assertEquals(new Result.Refused(), logIn(issued(Optional.empty(), NOW)));
        assertEquals(AuditOutcome.ACCOUNT_DISABLED, refusal());
    }

    @Test
    void aThrottledClientIsHeldBackBeforeTheSignature() {
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofSeconds(42)));
        signed(6, true);

        assertEquals(new Result.Throttled(Duration.ofSeconds(42)), logIn(issued(Optional.empty(), NOW)));
        assertEquals(Optional.empty(), verifier.verifiedAgainst());
    }

    @Test
    void somethingThatIsNoAssertionUsesNoChallengeUp() {
        ByteString challenge = issued(Optional.empty(), NOW);

        assertEquals(new Result.Malformed(), service.logInWithPasskey(new Command("{}", RequesterMother.ANONYMOUS)));
        assertEquals(List.of(), audit.events());
        signed(6, true);
        assertInstanceOf(Result.LoggedIn.class, logIn(challenge));
    }
}
