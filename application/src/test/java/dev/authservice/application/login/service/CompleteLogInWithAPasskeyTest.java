package dev.authservice.application.login.service;

import static dev.authservice.application.fixtures.PasskeyMother.aPasskey;
import static dev.authservice.application.fixtures.PasskeyMother.randomBytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;

import dev.authservice.application.fixtures.InMemoryPasskeyChallengeStore;
import dev.authservice.application.fixtures.InMemoryPasskeyStore;
import dev.authservice.application.fixtures.InMemoryPendingLoginStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.PasskeyMother;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.ScriptedPasskeyVerifier;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.login.port.in.CompleteLogInUseCase.Command;
import dev.authservice.application.login.port.in.CompleteLogInUseCase.Result;
import dev.authservice.application.passkey.port.out.PasskeyVerifier.Assertion;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.passkey.ByteString;
import dev.authservice.domain.passkey.Passkey;
import dev.authservice.domain.passkey.PasskeyLoginChallenge;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.passkey.VerifiedAssertion;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** A passkey as the second factor of a pending login: the pending login decides, and a refusal is a wrong code. */
@ExtendWith(MockitoExtension.class)
class CompleteLogInWithAPasskeyTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:10Z");
    private static final TokenPolicy POLICY = SessionMother.POLICY;
    private static final RelyingParty RP = PasskeyMother.RELYING_PARTY;
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final String TICKET = "the-ticket";

    @Mock private LoginAttemptLog attempts;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemoryPendingLoginStore pendingLogins = new InMemoryPendingLoginStore();
    private final InMemoryPasskeyStore passkeys = new InMemoryPasskeyStore();
    private final InMemoryPasskeyChallengeStore challenges = new InMemoryPasskeyChallengeStore();
    private final ScriptedPasskeyVerifier verifier = new ScriptedPasskeyVerifier();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Passkey passkey = aPasskey().ownedBy(ALICE).notBackedUp().build();
    private CompleteLogInService service;

    @BeforeEach
    void setUp() {
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(random.uuid()).thenAnswer(invocation -> UUID.randomUUID());
        lenient().when(random.refreshTokenValue()).thenReturn("refresh-token");
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
        users.add(ALICE);
        users.add(UserAccountMother.bob());
        passkeys.add(passkey);
        pendingLogins.add(PendingLogin.begin(LoginTicketHash.of(TICKET), ALICE.id(), ALICE.passwordHash(), NOW,
                SecondFactorPolicy.defaults()));
        verifier.answering(new Assertion.Verified(new VerifiedAssertion(0, false, false, false, Optional.empty())));
        service = completing(Optional.of(new PasskeyAssertionCheck(passkeys, challenges, verifier, RP)));
    }

    private ByteString issuedFor(Optional<String> ticket) {
        ByteString challenge = randomBytes(32);
        challenges.issueForLogin(PasskeyLoginChallenge.issue(challenge, ticket.map(LoginTicketHash::of),
                RequesterMother.CLIENT_ADDRESS, NOW), OpenPerAddressLimit.defaults());
        return challenge;
    }

    private Result complete(Passkey with, ByteString challenge) {
        return service.completeLogIn(new Command(TICKET, Optional.empty(), Optional.empty(),
                Optional.of(ScriptedPasskeyVerifier.assertion(with.id(), challenge)), RequesterMother.ANONYMOUS));
    }

    private Optional<PendingLogin> ticket() {
        return pendingLogins.find(LoginTicketHash.of(TICKET));
    }

    private PendingLogin.Open withWrongCodes(int count) {
        return new PendingLogin.Open(LoginTicketHash.of(TICKET), ALICE.id(), ALICE.passwordHash(), NOW,
                NOW.plus(SecondFactorPolicy.MAX_PENDING_LOGIN_TTL), count);
    }

    private CompleteLogInService completing(Optional<PasskeyAssertionCheck> passkeyCheck) {
        return new CompleteLogInService(users, attempts,
                new PendingLoginTickets(pendingLogins, SecondFactorPolicy.defaults(), Optional.of(passkeys), random),
                new SecondFactorCheck(new InMemorySecondFactorStore(), new PlainSecretSealer(),
                        new StepNumberTotpCodes()), passkeyCheck,
                new SessionStart(users, sessions, new TokenIssuer(codec, random, SessionMother.SUCCESSORS, POLICY),
                        POLICY, random, audit),
                audit, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void anAssertionOfTheUsersPasskeyCompletesTheLoginWithAPresenceOnly() {
        assertInstanceOf(Result.LoggedIn.class, complete(passkey, issuedFor(Optional.of(TICKET))));

        assertEquals(AuthenticationMethods.PASSWORD_AND_DEVICE_BOUND_PASSKEY, sessions.activeSessionsOf(ALICE.id(),
                new PageRequest(0, 10), NOW).content().get(0).session().methods());
        assertEquals(SecondFactorMethod.PASSKEY, ((PendingLogin.Completed) ticket().orElseThrow()).method());
        assertEquals(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_PASSED, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).outcome(AuditOutcome.PASSKEY), audit.events().get(0));
    }

    @Test
    void aRefusedAssertionIsAWrongCode() {
        verifier.answering(new Assertion.Refused());

        assertEquals(new Result.WrongCode(), complete(passkey, issuedFor(Optional.of(TICKET))));
        assertEquals(Optional.of(withWrongCodes(1)), ticket());
        assertEquals(Optional.of(AuditOutcome.VERIFICATION_FAILED), audit.only().outcome());
    }

    @Test
    void aChallengeOfAPasskeyAloneOrOfAnotherTicketIsAWrongCode() {
        assertEquals(new Result.WrongCode(), complete(passkey, issuedFor(Optional.empty())));
        assertEquals(new Result.WrongCode(), complete(passkey, issuedFor(Optional.of("another"))));
        assertEquals(Optional.of(withWrongCodes(2)), ticket());
    }

    @Test
    void anotherUsersPasskeyIsAWrongCodeAndKeepsItsCounter() {
        Passkey bobs = aPasskey().ownedBy(UserAccountMother.bob()).build();
        passkeys.add(bobs);

        assertEquals(new Result.WrongCode(), complete(bobs, issuedFor(Optional.of(TICKET))));
        assertEquals(Optional.of(AuditOutcome.UNKNOWN_PASSKEY), audit.only().outcome());
        assertEquals(Optional.empty(), verifier.verifiedAgainst());
    }

    @Test
    void whereNoPasskeysAreOfferedNoAssertionCompletesALogin() {
        CompleteLogInService withoutPasskeys = completing(Optional.empty());

        assertEquals(new Result.WrongCode(), withoutPasskeys.completeLogIn(new Command(TICKET, Optional.empty(),
                Optional.empty(), Optional.of(ScriptedPasskeyVerifier.assertion(passkey.id(),
                        issuedFor(Optional.of(TICKET)))), RequesterMother.ANONYMOUS)));
    }
}
