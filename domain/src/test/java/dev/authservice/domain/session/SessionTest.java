package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SessionTest {

    private static final SessionId ID = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final UserId USER = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));
    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final Duration MAX_LIFETIME = Duration.ofDays(90);
    private static final TokenPolicy POLICY = new TokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30),
            "auth-service", Duration.ofSeconds(30), MAX_LIFETIME, Duration.ZERO);

    @Test
    void aSessionEndsItsMaximumLifetimeAfterItsLogin() {
        Session session = Session.start(ID, USER, NOW, POLICY, null, null);

        assertEquals(NOW.plus(MAX_LIFETIME), session.endsAt());
        assertFalse(session.hasEndedAt(session.endsAt().minusNanos(1000)));
        assertTrue(session.hasEndedAt(session.endsAt()));
    }

    @Test
    void aSessionEndsAfterItBegins() {
        assertThrows(IllegalArgumentException.class,
                () -> new Session(ID, USER, NOW, NOW, null, null, Optional.empty(), AuthenticationMethods.PASSWORD, NOW));
    }

    @Test
    void anEndedSessionIsNotLiveThoughItsTokenIsActive() {
        Session session = Session.start(ID, USER, NOW, POLICY, null, null);
        // Issued before the session kept its end, so living past it.
        RefreshToken.Active token = new RefreshToken.Active(RefreshTokenHash.of("t"), ID, USER, NOW,
                session.endsAt().plus(Duration.ofDays(1)));

        assertTrue(session.isLiveAt(session.endsAt().minusSeconds(1), List.of(token)));
        assertFalse(session.isLiveAt(session.endsAt(), List.of(token)));
    }

    @Test
    void aUserAgentOfTheMaximumLengthIsKeptWhole() {
        String userAgent = "u".repeat(Session.MAX_USER_AGENT_LENGTH);

        assertEquals(userAgent, sessionWithUserAgent(userAgent).userAgent());
    }

    @Test
    void aLongerUserAgentIsCutToItsFirst512Characters() {
        String head = "Mozilla/5.0 ".repeat(50).substring(0, 512);

        Session session = sessionWithUserAgent(head + "-and-then-some");

        assertEquals(512, session.userAgent().length());
        assertEquals(head, session.userAgent());
    }

    /** A NUL would be refused by PostgreSQL's text columns, and a line break or a C1 control would split a log line. */
    @Test
    void controlCharactersOfTheClientDetailsAreLeftOut() {
        Session session = Session.start(ID, USER, NOW, POLICY, new ClientAddress("203.0.113.7\u0000"),
                "curl\u0000/8.5\r\n\u0085\u001b[31m");

        assertEquals("curl/8.5[31m", session.userAgent());
        assertEquals("203.0.113.7", session.clientAddress().value());
    }

    @Test
    void clientDetailsMayBeUnknown() {
        Session session = Session.start(ID, USER, NOW, POLICY, null, null);

        assertNull(session.clientAddress());
        assertNull(session.userAgent());
    }

    @Test
    void idUserAndStartAreRequired() {
        ClientAddress client = new ClientAddress("203.0.113.7");
        assertThrows(NullPointerException.class, () -> Session.start(null, USER, NOW, POLICY, client, "ua"));
        assertThrows(NullPointerException.class, () -> Session.start(ID, null, NOW, POLICY, client, "ua"));
        assertThrows(NullPointerException.class, () -> Session.start(ID, USER, null, POLICY, client, "ua"));
    }

    @Test
    void aSessionIdReadsAndWritesAsItsUuid() {
        assertEquals(ID, SessionId.of(ID.toString()));
        assertEquals("5e55a1a0-0000-4000-8000-000000000001", ID.toString());
    }

    @Test
    void aSessionStartsLive() {
        Session session = Session.start(ID, USER, NOW, POLICY, new ClientAddress("203.0.113.7"), "ua");

        assertFalse(session.isRevoked());
        assertEquals(Optional.empty(), session.revocation());
    }

    @Test
    void aSessionsUserProvedWhoTheyAreAtItsLogin() {
        Session session = Session.start(ID, USER, NOW, POLICY, null, null, AuthenticationMethods.SYNCED_PASSKEY);

        assertEquals(NOW, session.authenticatedAt());
        assertEquals(AuthenticationMethods.SYNCED_PASSKEY, session.methods());
    }

    @Test
    void aUserProvingAgainWhoTheyAreChangesHowAndWhenAndNothingElse() {
        Session live = Session.start(ID, USER, NOW, POLICY, new ClientAddress("203.0.113.7"), "ua");
        Instant later = NOW.plus(Duration.ofDays(3));

        Optional<Session> reauthenticated = live.reauthenticate(AuthenticationMethods.PASSWORD_AND_TOTP, later);

        assertEquals(Optional.of(new Session(ID, USER, NOW, NOW.plus(MAX_LIFETIME), new ClientAddress("203.0.113.7"),
                "ua", Optional.empty(), AuthenticationMethods.PASSWORD_AND_TOTP, later)), reauthenticated);
    }

    @Test
    void aRevokedOrEndedSessionIsNotAuthenticatedAgain() {
        Session live = Session.start(ID, USER, NOW, POLICY, null, null);

        assertEquals(Optional.empty(), live.revoke(RevocationReason.LOGOUT, NOW)
                .reauthenticate(AuthenticationMethods.PASSWORD, NOW.plusSeconds(1)));
        assertEquals(Optional.empty(), live.reauthenticate(AuthenticationMethods.PASSWORD, live.endsAt()));
        assertTrue(live.reauthenticate(AuthenticationMethods.PASSWORD, live.endsAt().minusNanos(1)).isPresent());
    }

    @Test
    void aSessionsUserIsNotAuthenticatedBeforeItBegins() {
        assertThrows(IllegalArgumentException.class, () -> new Session(ID, USER, NOW, NOW.plusSeconds(60), null, null,
                Optional.empty(), AuthenticationMethods.PASSWORD, NOW.minusNanos(1)));
    }

    @Test
    void revokingKeepsWhenTheUserLastProvedWhoTheyAre() {
        Session reauthenticated = Session.start(ID, USER, NOW, POLICY, null, null)
                .reauthenticate(AuthenticationMethods.PASSWORD, NOW.plusSeconds(90)).orElseThrow();

        assertEquals(NOW.plusSeconds(90), reauthenticated.revoke(RevocationReason.LOGOUT, NOW.plusSeconds(120))
                .authenticatedAt());
    }

    @Test
    void revokingASessionRecordsWhyAndWhenAndKeepsTheRest() {
        Session live = Session.start(ID, USER, NOW, POLICY, new ClientAddress("203.0.113.7"), "ua");
        Instant at = NOW.plusSeconds(60);

        Session revoked = live.revoke(RevocationReason.LOGOUT, at);

        assertTrue(revoked.isRevoked());
        assertEquals(new Session(ID, USER, NOW, NOW.plus(MAX_LIFETIME), new ClientAddress("203.0.113.7"), "ua",
                Optional.of(new Session.Revocation(RevocationReason.LOGOUT, at)),
                AuthenticationMethods.PASSWORD, NOW), revoked);
    }

    @Test
    void revokingARevokedSessionChangesNothingTheFirstRevocationStands() {
        Session revoked = Session.start(ID, USER, NOW, POLICY, null, null)
                .revoke(RevocationReason.REUSE_DETECTED, NOW);

        assertEquals(revoked, revoked.revoke(RevocationReason.LOGOUT, NOW.plusSeconds(1)));
    }

    private static Session sessionWithUserAgent(String userAgent) {
        return Session.start(ID, USER, NOW, POLICY, new ClientAddress("203.0.113.7"), userAgent);
    }
}
