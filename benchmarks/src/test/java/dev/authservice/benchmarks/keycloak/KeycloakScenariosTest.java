package dev.authservice.benchmarks.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.authservice.benchmarks.load.ClosedLoop;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Keycloak's scenarios against a stand-in for its token and userinfo endpoints that keeps Keycloak's rules for the
 * realm: a refresh token is good once, and userinfo wants a token of the {@code openid} scope.
 */
class KeycloakScenariosTest {

    private static final String TOKEN = "/realms/bench/protocol/openid-connect/token";
    private static final String USERINFO = "/realms/bench/protocol/openid-connect/userinfo";

    private final AtomicInteger issued = new AtomicInteger();
    /** Refresh tokens issued and not yet presented. */
    private final Set<String> unused = ConcurrentHashMap.newKeySet();
    private final AtomicInteger logins = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private HttpServer keycloak;

    @BeforeEach
    void start() throws IOException {
        keycloak = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        keycloak.createContext(TOKEN, this::token);
        keycloak.createContext(USERINFO, exchange -> answer(exchange,
                "Bearer openid-access".equals(exchange.getRequestHeaders().getFirst("Authorization")) ? 200 : 403,
                "{\"preferred_username\":\"alice\"}"));
        keycloak.start();
    }

    @AfterEach
    void stop() {
        keycloak.stop(0);
    }

    @Test
    void everyRefreshPresentsTheTokenOfTheAnswerBeforeNeverOneAlreadyUsed() throws Exception {
        List<ClosedLoop.VirtualClient> clients = scenarios(2).refresh();

        ClosedLoop.Run run = ClosedLoop.run(clients, Duration.ofMillis(300));

        assertEquals(0, run.failed(), run.failure());
        assertTrue(run.succeeded() >= 2, "each client refreshed at least once");
        assertEquals(0, refused.get(), "no token was presented twice");
        assertEquals(2, logins.get(), "one login per chain, none after");
    }

    @Test
    void aRefusedRefreshBreaksTheChainAndTheNextStartsWithALogin() throws Exception {
        List<ClosedLoop.VirtualClient> clients = scenarios(1).refresh();
        assertTrue(clients.get(0).call());
        unused.clear();

        assertFalse(clients.get(0).call(), "the token was revoked");
        assertTrue(clients.get(0).call(), "a new chain");
        assertEquals(2, logins.get());
    }

    @Test
    void userinfoIsReadWithTheAccessTokenOfALoginOfTheOpenidScope() throws Exception {
        List<ClosedLoop.VirtualClient> clients = scenarios(1).userinfo();

        assertTrue(clients.get(0).call(), clients.get(0).lastFailure());
    }

    @Test
    void aLoginAsksForNoScope() throws Exception {
        List<ClosedLoop.VirtualClient> clients = scenarios(1).login();

        assertTrue(clients.get(0).call(), clients.get(0).lastFailure());
        assertEquals(1, logins.get());
    }

    private KeycloakScenarios scenarios(int concurrency) {
        return new KeycloakScenarios("127.0.0.1", keycloak.getAddress().getPort(), concurrency);
    }

    private void token(HttpExchange exchange) throws IOException {
        Map<String, String> form = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        if (!"POST".equals(exchange.getRequestMethod()) || !"bench".equals(form.get("client_id"))) {
            answer(exchange, 400, "{\"error\":\"invalid_client\"}");
            return;
        }
        if ("password".equals(form.get("grant_type"))) {
            if (!"alice".equals(form.get("username")) || !"alice-password".equals(form.get("password"))) {
                answer(exchange, 401, "{\"error\":\"invalid_grant\"}");
                return;
            }
            logins.incrementAndGet();
            issue(exchange, "openid".equals(form.get("scope")) ? "openid-access" : "access");
        } else if ("refresh_token".equals(form.get("grant_type")) && unused.remove(form.get("refresh_token"))) {
            issue(exchange, "access");
        } else {
            refused.incrementAndGet();
            answer(exchange, 400, "{\"error\":\"invalid_grant\"}");
        }
    }

    private void issue(HttpExchange exchange, String accessToken) throws IOException {
        String refreshToken = "refresh-" + issued.incrementAndGet();
        unused.add(refreshToken);
        answer(exchange, 200, "{\"access_token\":\"" + accessToken + "\",\"expires_in\":900,\"refresh_expires_in\":"
                + "2592000,\"refresh_token\":\"" + refreshToken + "\",\"token_type\":\"Bearer\"}");
    }

    private static Map<String, String> form(String body) {
        Map<String, String> form = new HashMap<>();
        for (String pair : body.split("&")) {
            int equals = pair.indexOf('=');
            form.put(URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
        }
        return form;
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
