package dev.authservice.application.login.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.InMemoryPendingLoginStore;
import dev.authservice.application.fixtures.InMemorySecondFactorStore;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.PlainSecretSealer;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.StepNumberTotpCodes;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.login.port.in.CompleteLogInUseCase.Command;
import dev.authservice.application.login.port.in.CompleteLogInUseCase.Result;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginTicketHash;
import dev.authservice.domain.login.PendingLogin;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.secondfactor.RecoveryCode;
import dev.authservice.domain.secondfactor.SealedSecret;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpFactor;
import dev.authservice.domain.secondfactor.WrongCodes;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/**
 * Completing a login with a second factor, against the in-memory stores; the attempt log, the random source and the
 * token codec are mocks. A code is the number of its time step ({@link StepNumberTotpCodes}).
 */
@ExtendWith(MockitoExtension.class)
class CompleteLogInServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:10Z");
    private static final long STEP = NOW.getEpochSecond() / 30;
    private static final TokenPolicy POLICY = SessionMother.POLICY;
    private static final SecondFactorPolicy SECOND_FACTOR = SecondFactorPolicy.defaults();
    private static final ClientAddress CLIENT = new ClientAddress("203.0.113.7");
    private static final Requester REQUESTER = Requester.anonymous(CLIENT, "test");
    private static final UserAccount ALICE = UserAccountMother.alice();
    private static final LoginAttemptKey ALICE_FROM_CLIENT = LoginAttemptKey.of(ALICE.username(), CLIENT);
    private static final RecoveryCode RECOVERY = new RecoveryCode("ABCDE23456");
    private static final String TICKET = "the-ticket";

    @Mock private LoginAttemptLog attempts;
    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final InMemorySecondFactorStore secondFactors = new InMemorySecondFactorStore();
    private final InMemoryPendingLoginStore pendingLogins = new InMemoryPendingLoginStore();
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private CompleteLogInService service;

    @BeforeEach
    void setUp() {
        lenient().when(attempts.tryAttempt(any(), any())).thenReturn(Optional.empty());
        lenient().when(random.uuid()).thenAnswer(invocation -> UUID.randomUUID());
        lenient().when(random.refreshTokenValue()).thenAnswer(invocation -> UUID.randomUUID().toString());
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
        users.add(ALICE);
        TotpFactor.Pending pending = TotpFactor.enrol(ALICE.id(), new SealedSecret("plain", new byte[20]), NOW);
        secondFactors.enrol(pending);
        secondFactors.confirm(pending, new TotpFactor.Confirmed(ALICE.id(), pending.secret(), NOW, NOW, STEP - 5,
                WrongCodes.NONE), List.of(RECOVERY.hash()));
        pendingLogins.add(PendingLogin.begin(LoginTicketHash.of(TICKET), ALICE.id(), ALICE.passwordHash(), NOW,
                SECOND_FACTOR));
        service = serviceAt(NOW);
    }

    private CompleteLogInService serviceAt(Instant now) {
        return new CompleteLogInService(users, attempts,
                new PendingLoginTickets(pendingLogins, SECOND_FACTOR, Optional.empty(), random),
                new SecondFactorCheck(secondFactors, new PlainSecretSealer(), new StepNumberTotpCodes()),
                Optional.empty(), new SessionStart(users, sessions,
                        new TokenIssuer(codec, random, SessionMother.SUCCESSORS, POLICY), POLICY, random, audit),
                audit, Clock.fixed(now, ZoneOffset.UTC));
    }

    private static Command withCode(String ticket, TotpCode code) {
        return new Command(ticket, Optional.of(code), Optional.empty(), Optional.empty(), REQUESTER);
    }

    private static Command withRecoveryCode(String ticket, RecoveryCode code) {
        return new Command(ticket, Optional.empty(), Optional.of(code), Optional.empty(), REQUESTER);
    }

    private String anotherTicket(String ticket) {
        pendingLogins.add(PendingLogin.begin(LoginTicketHash.of(ticket), ALICE.id(), ALICE.passwordHash(), NOW,
                SECOND_FACTOR));
        return ticket;
    }

    private AuthenticationMethods methodsOfAlicesSession() {
        return sessions.activeSessionsOf(ALICE.id(), new PageRequest(0, 10), NOW).content().get(0).session()
                .methods();
    }

    private int sessionsOfAlice() {
        return (int) sessions.activeSessionsOf(ALICE.id(), new PageRequest(0, 10), NOW).totalElements();
    }

    @Test
    void aRightCodeStartsASessionAndUsesTheTicketAndTheCodesStep() {
        Result result = service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP)));

        assertInstanceOf(Result.LoggedIn.class, result);
        assertEquals(1, sessionsOfAlice());
        assertEquals(AuthenticationMethods.PASSWORD_AND_TOTP, methodsOfAlicesSession());
        assertInstanceOf(PendingLogin.Completed.class, pendingLogins.find(LoginTicketHash.of(TICKET)).orElseThrow());
        assertEquals(STEP, ((TotpFactor.Confirmed) secondFactors.totpOf(ALICE.id()).orElseThrow()).lastAcceptedStep());
        verify(attempts).clear(ALICE_FROM_CLIENT);
        assertEquals(SecurityEvent.of(SecurityEventType.SECOND_FACTOR_PASSED, NOW, REQUESTER).about(ALICE.id())
                .outcome(AuditOutcome.TOTP_CODE), audit.events().get(0));
        assertEquals(SecurityEventType.LOGIN_SUCCEEDED, audit.events().get(1).type());
    }

    @Test
    void aCodeOfTheStepBeforeOrAfterIsRightToo() {
        assertInstanceOf(Result.LoggedIn.class,
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP - 1))));
        assertInstanceOf(Result.LoggedIn.class,
                service.completeLogIn(withCode(anotherTicket("t2"), StepNumberTotpCodes.codeOf(STEP + 1))));
    }

    @Test
    void theTicketIsUsedOnce() {
        service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP)));

        assertEquals(new Result.TicketInvalid(),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP + 1))));
        assertEquals(1, sessionsOfAlice());
        assertEquals(Optional.of(AuditOutcome.TICKET_USED), audit.events().get(2).outcome());
    }

    @Test
    void aCodeAcceptedOnceIsRefusedOnAnotherTicket() {
        service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP)));
        String second = anotherTicket("t2");

        assertEquals(new Result.WrongCode(),
                service.completeLogIn(withCode(second, StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(Optional.of(AuditOutcome.REPLAYED_CODE), audit.events().get(2).outcome());
        assertEquals(new PendingLogin.Open(LoginTicketHash.of(second), ALICE.id(), ALICE.passwordHash(), NOW,
                NOW.plus(SECOND_FACTOR.pendingLoginTtl()), 1), pendingLogins.find(LoginTicketHash.of(second))
                .orElseThrow(), "counted against the ticket like any wrong code");
        assertEquals(1, sessionsOfAlice());
    }

    @Test
    void aCodeOfAStepOutsideTheWindowIsWrong() {
        assertEquals(new Result.WrongCode(),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP + 2))));
        verify(attempts, never()).clear(any());
    }

    @Test
    void wrongCodesKillTheTicketAtThePolicysLimit() {
        for (int wrong = 1; wrong <= SECOND_FACTOR.maxWrongCodes(); wrong++) {
            assertEquals(new Result.WrongCode(), service.completeLogIn(withCode(TICKET, new TotpCode("999999"))));
        }
        assertInstanceOf(PendingLogin.Exhausted.class, pendingLogins.find(LoginTicketHash.of(TICKET)).orElseThrow());
        assertEquals(Optional.of(AuditOutcome.ATTEMPTS_EXHAUSTED), audit.events().get(4).outcome());

        assertEquals(new Result.TicketInvalid(),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(0, sessionsOfAlice());
    }

    @Test
    void anExpiredTicketIsRefused() {
        Result result = serviceAt(NOW.plus(SECOND_FACTOR.pendingLoginTtl()))
                .completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeAt(NOW.plus(SECOND_FACTOR.pendingLoginTtl()))));

        assertEquals(new Result.TicketInvalid(), result);
        assertEquals(Optional.of(AuditOutcome.TICKET_EXPIRED), audit.only().outcome());
    }

    @Test
    void anUnknownTicketIsRefusedAndNothingIsCounted() {
        assertEquals(new Result.TicketInvalid(),
                service.completeLogIn(withCode("made-up", StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(new Result.TicketInvalid(),
                service.completeLogIn(withCode("x".repeat(300), StepNumberTotpCodes.codeOf(STEP))));
        verify(attempts, never()).tryAttempt(any(), any());
    }

    @Test
    void aThrottledCompletionChangesNothing() {
        when(attempts.tryAttempt(ALICE_FROM_CLIENT, NOW)).thenReturn(Optional.of(Duration.ofMinutes(3)));

        assertEquals(new Result.Throttled(Duration.ofMinutes(3)),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(PendingLogin.begin(LoginTicketHash.of(TICKET), ALICE.id(), ALICE.passwordHash(), NOW,
                        SECOND_FACTOR),
                pendingLogins.find(LoginTicketHash.of(TICKET)).orElseThrow());
    }

    @Test
    void aRecoveryCodeWorksOnce() {
        assertInstanceOf(Result.LoggedIn.class, service.completeLogIn(withRecoveryCode(TICKET, RECOVERY)));
        assertEquals(0, secondFactors.recoveryCodesLeft(ALICE.id()));
        assertEquals(AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE, methodsOfAlicesSession());
        assertEquals(Optional.of(AuditOutcome.RECOVERY_CODE), audit.events().get(0).outcome());
        assertEquals(new PendingLogin.Completed(LoginTicketHash.of(TICKET), ALICE.id(), ALICE.passwordHash(), NOW,
                        NOW.plus(SECOND_FACTOR.pendingLoginTtl()), SecondFactorMethod.RECOVERY_CODE, NOW),
                pendingLogins.find(LoginTicketHash.of(TICKET)).orElseThrow());

        assertEquals(new Result.WrongCode(), service.completeLogIn(withRecoveryCode(anotherTicket("t2"), RECOVERY)));
    }

    @Test
    void aDisabledUsersTicketIsRefused() {
        users.setEnabled(ALICE.id(), false);

        assertEquals(new Result.TicketInvalid(),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(0, sessionsOfAlice());
    }

    @Test
    void aPasswordChangedSinceTheTicketStartsNoSession() {
        users.replacePasswordHash(ALICE.id(), ALICE.passwordHash(), new PasswordHash("$argon2id$changed"));

        assertEquals(new Result.TicketInvalid(),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(0, sessionsOfAlice());
        assertEquals(Optional.of(AuditOutcome.PASSWORD_CHANGED), audit.events().get(1).outcome());
    }

    @Test
    void ofConcurrentCompletionsOfOneTicketOneStartsASession() throws Exception {
        List<Result> results = AtTheSameTime.run(Collections.<Callable<Result>>nCopies(8,
                () -> service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP)))));

        assertEquals(1, results.stream().filter(Result.LoggedIn.class::isInstance).count(), "among " + results);
        assertEquals(1, sessionsOfAlice());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Wrong codes per account, from every address together (WrongCodes).

    /** A ticket of alice's opened from an address of its own, and a wrong code sent with it. */
    private Result aWrongCodeFrom(int address) {
        String ticket = anotherTicket("ticket-from-" + address);
        return service.completeLogIn(new Command(ticket, Optional.of(new TotpCode("999999")), Optional.empty(),
                Optional.empty(), Requester.anonymous(new ClientAddress("198.51.100." + address), "test")));
    }

    private WrongCodes wrongCodesOfAlice() {
        return ((TotpFactor.Confirmed) secondFactors.totpOf(ALICE.id()).orElseThrow()).wrongCodes();
    }

    @Test
    void wrongCodesFromManyAddressesCountTogetherAndThenWait() {
        for (int address = 1; address <= WrongCodes.FREE_IN_A_ROW; address++) {
            assertEquals(new Result.WrongCode(), aWrongCodeFrom(address));
        }

        assertEquals(new Result.Throttled(WrongCodes.FIRST_WAIT),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP))), "the right code unchecked");
        assertEquals(new WrongCodes(5, 5, Optional.of(NOW)), wrongCodesOfAlice());
        assertEquals(Optional.of(AuditOutcome.WRONG_CODES_IN_A_ROW), audit.events().get(5).outcome());
        assertEquals(0, sessionsOfAlice());
    }

    @Test
    void afterTheWaitARightCodeLogsInAndEndsTheRow() {
        for (int address = 1; address <= WrongCodes.FREE_IN_A_ROW; address++) {
            aWrongCodeFrom(address);
        }

        Instant later = NOW.plus(WrongCodes.FIRST_WAIT);
        assertInstanceOf(Result.LoggedIn.class, serviceAt(later)
                .completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(later.getEpochSecond() / 30))));
        assertEquals(new WrongCodes(5, 0, Optional.of(later)), wrongCodesOfAlice());
    }

    @Test
    void anExhaustedSecretRefusesEveryCodeUncheckedButARecoveryCodeStillLogsIn() {
        TotpFactor.Confirmed factor = (TotpFactor.Confirmed) secondFactors.totpOf(ALICE.id()).orElseThrow();
        secondFactors.replace(factor, new TotpFactor.Confirmed(ALICE.id(), factor.secret(), NOW, NOW, STEP - 5,
                new WrongCodes(WrongCodes.LIFETIME_LIMIT, 0, Optional.of(NOW.minusSeconds(86_400)))));

        assertEquals(new Result.TotpLocked(),
                service.completeLogIn(withCode(TICKET, StepNumberTotpCodes.codeOf(STEP))));
        assertEquals(Optional.of(AuditOutcome.WRONG_CODES_EXHAUSTED), audit.only().outcome());
        assertInstanceOf(Result.LoggedIn.class, service.completeLogIn(withRecoveryCode(TICKET, RECOVERY)),
                "the ticket is not spent by a code refused unchecked");
    }

    @Test
    void aBurstOfGuessesAtOnceGetsNoMoreCodesCheckedThanTheFreeOnes() throws Exception {
        List<Callable<Result>> guesses = new ArrayList<>();
        for (int address = 1; address <= 8; address++) {
            int from = address;
            guesses.add(() -> aWrongCodeFrom(from));
        }

        List<Result> results = AtTheSameTime.run(guesses);

        assertEquals(WrongCodes.FREE_IN_A_ROW, results.stream().filter(Result.WrongCode.class::isInstance).count(),
                "among " + results);
        assertEquals(WrongCodes.FREE_IN_A_ROW, wrongCodesOfAlice().total());
    }
}
