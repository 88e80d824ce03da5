package dev.authservice.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.user.UserId;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequesterTest {

    private static final UserId ALICE = new UserId(UUID.fromString("a11ce000-0000-4000-8000-000000000001"));

    @Test
    void anAnonymousRequesterHasOnlyItsClient() {
        Requester requester = Requester.anonymous(new ClientAddress("198.51.100.4"), "curl/8.5");

        assertTrue(requester.userId().isEmpty());
        assertEquals(new ClientAddress("198.51.100.4"), requester.clientAddress());
        assertEquals("curl/8.5", requester.userAgent());
    }

    @Test
    void aUserRequesterNamesTheUser() {
        assertEquals(Optional.of(ALICE), Requester.user(ALICE, new ClientAddress("198.51.100.4"), null).userId());
    }

    @Test
    void theServiceItselfHasNoUserAndNoClient() {
        assertTrue(Requester.SERVICE.userId().isEmpty());
        assertNull(Requester.SERVICE.clientAddress());
        assertNull(Requester.SERVICE.userAgent());
    }

    @Test
    void theUserAgentIsCutLikeASessions() {
        Requester requester = Requester.anonymous(new ClientAddress("203.0.113.7"), "u".repeat(600));

        assertEquals(Session.MAX_USER_AGENT_LENGTH, requester.userAgent().length());
    }

    @Test
    void aMissingUserIsNoUser() {
        assertTrue(new Requester(null, null, null).userId().isEmpty());
    }
}
