package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.lenient;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.fixtures.InMemorySessionStore;
import dev.authservice.application.fixtures.InMemoryUserStore;
import dev.authservice.application.fixtures.RecordingAuditLog;
import dev.authservice.application.fixtures.RequesterMother;
import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.fixtures.UserAccountMother;
import dev.authservice.application.fixtures.WithoutTransactions;
import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase.Command;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase.Result;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

/** A refresh against the in-memory stores: what the client gets, what is stored, and what the audit trail hears. */
@ExtendWith(MockitoExtension.class)
class RefreshAccessTokenServiceTest {

    private static final Instant LOGIN = Instant.parse("2025-03-01T10:00:00Z");
    /** A day after login: the first token has 29 days left. */
    private static final Instant NOW = LOGIN.plus(Duration.ofDays(1));
    private static final String PRESENTED = "presented-refresh-token";
    private static final String SUCCESSOR = "successor-refresh-token";
    private static final UserAccount ALICE = UserAccountMother.alice();

    @Mock private RandomSource random;
    @Mock private AccessTokenCodec codec;

    private final InMemoryUserStore users = new InMemoryUserStore();
    private final InMemorySessionStore sessions = new InMemorySessionStore(users);
    private final RecordingAuditLog audit = new RecordingAuditLog();
    private final Session session = Session.start(new SessionId(UUID.randomUUID()), ALICE.id(), LOGIN,
            SessionMother.POLICY, null, null);
    private final RefreshToken.Active firstToken =
            RefreshToken.issue(RefreshTokenHash.of(PRESENTED), session, LOGIN, SessionMother.POLICY);

    @BeforeEach
    void aliceLoggedInADayAgo() {
        users.add(ALICE);
        sessions.start(session, firstToken);
        lenient().when(random.refreshTokenValue()).thenReturn(SUCCESSOR);
        lenient().when(random.uuid()).thenReturn(UUID.fromString("0000000a-0000-4000-8000-000000000001"));
        lenient().when(codec.encode(any())).thenReturn("signed-access-token");
    }

    @Test
    void anActiveTokenIsExchangedForAnAccessTokenAndItsSuccessor() {
        Result result = refreshAt(NOW, PRESENTED);

        assertEquals(new Result.Refreshed(new IssuedTokens("signed-access-token", SUCCESSOR,
                SessionMother.REFRESH_TOKEN_TTL)), result);
    }

    @Test
    void thePresentedTokenIsUsedUpAndItsSuccessorStoredInTheSameSession() {
        refreshAt(NOW, PRESENTED);

        assertEquals(Optional.of(new RefreshToken.Rotated(firstToken.hash(), session.id(), ALICE.id(), LOGIN,
                firstToken.expiresAt(), NOW, Optional.empty())), sessions.token(firstToken.hash()));
        assertEquals(Optional.of(new RefreshToken.Active(RefreshTokenHash.of(SUCCESSOR), session.id(), ALICE.id(), NOW,
                NOW.plus(SessionMother.REFRESH_TOKEN_TTL))), sessions.token(RefreshTokenHash.of(SUCCESSOR)));
    }

    @Test
    void theNewAccessTokenIsTheOwnersInTheSameSession() {
        refreshAt(NOW, PRESENTED);

        ArgumentCaptor<AccessToken> signed = ArgumentCaptor.forClass(AccessToken.class);
        verify(codec).encode(signed.capture());
        assertEquals(AccessToken.issue("0000000a-0000-4000-8000-000000000001", ALICE, session, NOW,
                SessionMother.POLICY), signed.getValue());
    }

    @Test
    void aRefreshIsReportedAsARoutineRefreshOfItsSession() {
        refreshAt(NOW, PRESENTED);

        assertEquals(SecurityEvent.of(SecurityEventType.TOKEN_REFRESHED, NOW, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).inSession(session.id()), audit.only());
    }

    @Test
    void noTokenOrOneThatCannotBeATokenIsRefusedWithoutAskingTheStore() {
        for (String presented : new String[] {null, "", "t".repeat(257)}) {
            assertEquals(new Result.Refused(), refreshAt(NOW, presented));
        }

        assertEquals(List.of(Optional.of(AuditOutcome.UNKNOWN_TOKEN), Optional.of(AuditOutcome.UNKNOWN_TOKEN), Optional.of(AuditOutcome.UNKNOWN_TOKEN)),
                audit.events().stream().map(SecurityEvent::outcome).toList());
        assertEquals(Optional.of(firstToken), sessions.token(firstToken.hash()));
    }

    @Test
    void anUnknownTokenIsRefused() {
        assertEquals(new Result.Refused(), refreshAt(NOW, "not-a-token-this-service-made"));

        assertEquals(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, NOW, RequesterMother.ANONYMOUS)
                .outcome(AuditOutcome.UNKNOWN_TOKEN), audit.only());
    }

    @Test
    void anExpiredTokenIsRefusedAndItsSessionLeftAlone() {
        assertEquals(new Result.Refused(), refreshAt(firstToken.expiresAt(), PRESENTED));

        assertRefused(AuditOutcome.EXPIRED, firstToken.expiresAt());
        assertEquals(Optional.of(session), sessions.find(session.id()));
    }

    @Test
    void aTokenOfARevokedSessionIsRefused() {
        sessions.revoke(session.id(), RevocationReason.LOGOUT, NOW.minusSeconds(60));

        assertEquals(new Result.Refused(), refreshAt(NOW, PRESENTED));

        assertRefused(AuditOutcome.REVOKED, NOW);
    }

    @Test
    void aTokenOfADisabledOwnerIsRefused() {
        users.setEnabled(ALICE.id(), false);

        assertEquals(new Result.Refused(), refreshAt(NOW, PRESENTED));

        assertRefused(AuditOutcome.ACCOUNT_DISABLED, NOW);
        assertEquals(Optional.of(firstToken), sessions.token(firstToken.hash()));
    }

    @Test
    void aRotatedTokenPresentedAgainIsRefusedAndItsSessionRevokedAsReuse() {
        refreshAt(NOW, PRESENTED);

        assertEquals(new Result.Refused(), refreshAt(NOW.plusSeconds(5), PRESENTED));

        assertEquals(Optional.of(session.revoke(RevocationReason.REUSE_DETECTED, NOW.plusSeconds(5))),
                sessions.find(session.id()));
        assertEquals(SecurityEvent.of(SecurityEventType.REFRESH_TOKEN_REUSED, NOW.plusSeconds(5),
                        RequesterMother.ANONYMOUS).about(ALICE.id()).inSession(session.id())
                        .endingSessions(RevocationReason.REUSE_DETECTED, 1),
                audit.events().get(1));
    }

    /**
     * The transaction is the service's: the store's decision and its audit record commit together. The access token
     * is signed after the commit, so the session is locked no longer than the decision takes.
     */
    @Test
    void theDecisionCarriedOutAndItsAuditRecordAreOneTransactionAndTheTokenIsSignedAfter() {
        TrackedTransactions transactions = new TrackedTransactions();
        AuditLog insideOnly = event -> {
            assertTrue(transactions.open, "recorded outside the transaction: " + event.type());
            audit.record(event);
        };
        when(codec.encode(any())).thenAnswer(signing -> {
            assertFalse(transactions.open, "signed inside the transaction");
            return "signed-access-token";
        });
        RefreshAccessTokenService service = new RefreshAccessTokenService(sessions, transactions,
                new TokenIssuer(codec, random, SessionMother.SUCCESSORS, SessionMother.POLICY), SessionMother.POLICY, insideOnly,
                Clock.fixed(NOW, ZoneOffset.UTC));

        Result refreshed = service.refreshAccessToken(Command.of(PRESENTED, RequesterMother.ANONYMOUS));
        service.refreshAccessToken(Command.of(PRESENTED, RequesterMother.ANONYMOUS));

        assertInstanceOf(Result.Refreshed.class, refreshed);
        assertEquals(2, transactions.count);
        assertEquals(List.of(SecurityEventType.TOKEN_REFRESHED, SecurityEventType.REFRESH_TOKEN_REUSED),
                audit.types());
    }

    private Result refreshAt(Instant at, String presented) {
        RefreshAccessTokenService service = new RefreshAccessTokenService(sessions, new WithoutTransactions(),
                new TokenIssuer(codec, random, SessionMother.SUCCESSORS, SessionMother.POLICY), SessionMother.POLICY, audit,
                Clock.fixed(at, ZoneOffset.UTC));
        return service.refreshAccessToken(Command.of(presented, RequesterMother.ANONYMOUS));
    }

    private void assertRefused(AuditOutcome outcome, Instant at) {
        assertEquals(SecurityEvent.of(SecurityEventType.REFRESH_REJECTED, at, RequesterMother.ANONYMOUS)
                .about(ALICE.id()).inSession(session.id()).outcome(outcome), audit.only());
        assertInstanceOf(RefreshToken.Active.class, sessions.token(firstToken.hash()).orElseThrow());
    }

    /** Counts the transactions, and tells whether one is open. */
    private static final class TrackedTransactions implements Transactions {
        private boolean open;
        private int count;

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            open = true;
            count++;
            try {
                return work.get();
            } finally {
                open = false;
            }
        }
    }
}
