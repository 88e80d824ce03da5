package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.network.ClientAddress;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Anyone may start a sign-in with an identity provider, and each start keeps a pending authorization until its
 * callback comes or it expires: a client address holds only so many at a time (here 5, to be quick). A context of its
 * own, for the authorizations it leaves open would hold its client back in any other test for minutes; the clients
 * are told apart by a trusted proxy's {@code X-Forwarded-For}.
 */
@MicronautTest(transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PendingAuthorizationLimitHttpTest implements TestPropertyProvider {

    private static final String START = "/api/identity-providers/mock/authorization";
    private static final int MAX = 5;

    private final MockOAuth2Server provider = new MockOAuth2Server();

    @Inject
    EmbeddedServer server;

    @Inject
    TransactionOperations<Connection> database;

    @Override
    public Map<String, String> getProperties() {
        provider.start();
        return Map.of(
                "auth.public-url", "http://localhost",
                "auth.client-address.trusted-proxies", "127.0.0.0/8,::1",
                "auth.oidc.max-open-authorizations-per-address", Integer.toString(MAX),
                "auth.identity-providers.mock.issuer", provider.issuerUrl("default").toString(),
                "auth.identity-providers.mock.client-id", "auth-service",
                "auth.identity-providers.mock.client-secret", "mock-secret");
    }

    @AfterAll
    void stopTheProvider() {
        provider.shutdown();
    }

    @Test
    void aClientHoldingAsManyOpenSignInsAsItMayIsToldWhenToComeBackAndIsNotSentOnNorLinks() {
        Http http = new Http(server.getURI());
        String client = "2001:db8:7:0::1";
        Instant first = Instant.now();
        for (int i = 0; i < MAX; i++) {
            Http.Answer started = http.get(START, "X-Forwarded-For", client);
            assertEquals(302, started.status(), started.toString());
        }

        // Another address of the same /64 is the same client, as the login throttle counts it.
        Http.Answer refused = http.get(START, "X-Forwarded-For", "2001:db8:7:0::2");
        assertEquals(429, refused.status(), refused.toString());
        assertEquals("TOO_MANY_EXTERNAL_SIGN_INS", refused.errorCode());
        assertEquals(Optional.empty(), refused.header("Location"));
        assertEquals(List.of(), refused.setCookies());
        long retryAfter = Long.parseLong(refused.header("Retry-After").orElseThrow());
        long sinceFirst = Duration.between(first, Instant.now()).toSeconds();
        assertTrue(retryAfter >= 599 - sinceFirst && retryAfter <= 600, "Retry-After " + retryAfter);
        assertEquals(MAX, keptFor(new ClientAddress(client).network()), "nothing more stored");

        // A link counts with the sign-ins of its client, and is refused alike.
        Http.Answer link = http.postJson("/api/user/identities", "{\"provider\": \"mock\"}", "Authorization",
                TestUser.create(http).bearer(), "X-Forwarded-For", client);
        assertEquals(429, link.status(), link.toString());
        assertEquals("TOO_MANY_EXTERNAL_SIGN_INS", link.errorCode());
        assertEquals(MAX, keptFor(new ClientAddress(client).network()), "nothing more stored");

        Http.Answer another = http.get(START, "X-Forwarded-For", "2001:db8:8:0::1");
        assertEquals(302, another.status(), "another client: " + another);
    }

    private long keptFor(String client) {
        return database.executeRead(status -> {
            try (PreparedStatement statement = status.getConnection().prepareStatement(
                    "SELECT COUNT(*) FROM pending_authorizations WHERE client_address = ?")) {
                statement.setString(1, client);
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    return row.getLong(1);
                }
            }
        });
    }
}
