package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.UserId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SessionTest {

    private static final SessionId ID = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));
    private static final UserId USER = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));
    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");

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
        Session session = Session.start(ID, USER, NOW, new ClientAddress("203.0.113.7\u0000"),
                "curl\u0000/8.5\r\n\u0085\u001b[31m");

        assertEquals("curl/8.5[31m", session.userAgent());
        assertEquals("203.0.113.7", session.clientAddress().value());
    }

    @Test
    void clientDetailsMayBeUnknown() {
        Session session = Session.start(ID, USER, NOW, null, null);

        assertNull(session.clientAddress());
        assertNull(session.userAgent());
    }

    @Test
    void idUserAndStartAreRequired() {
        assertThrows(NullPointerException.class, () -> Session.start(null, USER, NOW, new ClientAddress("203.0.113.7"), "ua"));
        assertThrows(NullPointerException.class, () -> Session.start(ID, null, NOW, new ClientAddress("203.0.113.7"), "ua"));
        assertThrows(NullPointerException.class, () -> Session.start(ID, USER, null, new ClientAddress("203.0.113.7"), "ua"));
    }

    @Test
    void aSessionIdReadsAndWritesAsItsUuid() {
        assertEquals(ID, SessionId.of(ID.toString()));
        assertEquals("5e55a1a0-0000-4000-8000-000000000001", ID.toString());
    }

    @Test
    void aSessionStartsLive() {
        Session session = Session.start(ID, USER, NOW, new ClientAddress("203.0.113.7"), "ua");

        assertFalse(session.isRevoked());
        assertEquals(Optional.empty(), session.revocation());
    }

    @Test
    void revokingASessionRecordsWhyAndWhenAndKeepsTheRest() {
        Session live = Session.start(ID, USER, NOW, new ClientAddress("203.0.113.7"), "ua");
        Instant at = NOW.plusSeconds(60);

        Session revoked = live.revoke(RevocationReason.LOGOUT, at);

        assertTrue(revoked.isRevoked());
        assertEquals(new Session(ID, USER, NOW, new ClientAddress("203.0.113.7"), "ua",
                Optional.of(new Session.Revocation(RevocationReason.LOGOUT, at))), revoked);
    }

    @Test
    void revokingARevokedSessionChangesNothingTheFirstRevocationStands() {
        Session revoked = Session.start(ID, USER, NOW, null, null).revoke(RevocationReason.REUSE_DETECTED, NOW);

        assertEquals(revoked, revoked.revoke(RevocationReason.LOGOUT, NOW.plusSeconds(1)));
    }

    private static Session sessionWithUserAgent(String userAgent) {
        return Session.start(ID, USER, NOW, new ClientAddress("203.0.113.7"), userAgent);
    }
}
