package dev.authservice.benchmarks.keycloak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.authservice.benchmarks.service.DemoUser;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/** The realm sent to Keycloak carries the service's settings, as Keycloak's representation names them. */
class KeycloakRealmTest {

    private final JsonNode realm = read(KeycloakRealm.json());

    @Test
    void accessTokensLastFifteenMinutesAndAreSignedWithHs256AsTheServicesAre() {
        assertEquals(KeycloakRealm.REALM, realm.get("realm").asText());
        assertTrue(realm.get("enabled").asBoolean());
        assertEquals(900, realm.get("accessTokenLifespan").asInt());
        assertEquals("HS256", realm.get("defaultSignatureAlgorithm").asText());
        JsonNode key = realm.get("components").get("org.keycloak.keys.KeyProvider").get(0);
        assertEquals("hmac-generated", key.get("providerId").asText());
        assertEquals("HS256", key.get("config").get("algorithm").get(0).asText(), "a key for HS256 to sign with");
    }

    @Test
    void aRefreshTokenIsGoodOnceAndASessionLastsThirtyDays() {
        assertTrue(realm.get("revokeRefreshToken").asBoolean());
        assertEquals(0, realm.get("refreshTokenMaxReuse").asInt());
        assertEquals(30 * 24 * 3600, realm.get("ssoSessionIdleTimeout").asInt());
        assertEquals(30 * 24 * 3600, realm.get("ssoSessionMaxLifespan").asInt());
    }

    @Test
    void failedLoginsAreCountedAndLoginsRecorded() {
        assertTrue(realm.get("bruteForceProtected").asBoolean());
        assertEquals(5, realm.get("failureFactor").asInt());
        assertEquals(900, realm.get("maxDeltaTimeSeconds").asInt());
        assertTrue(realm.get("eventsEnabled").asBoolean());
        assertEquals(List.of("LOGIN", "LOGIN_ERROR"), texts(realm.get("enabledEventTypes")));
    }

    @Test
    void itsOneClientLogsInWithAPasswordAndNoSecret() {
        JsonNode clients = realm.get("clients");
        assertEquals(1, clients.size());
        JsonNode client = clients.get(0);
        assertEquals(KeycloakRealm.CLIENT, client.get("clientId").asText());
        assertTrue(client.get("publicClient").asBoolean());
        assertTrue(client.get("directAccessGrantsEnabled").asBoolean());
        assertFalse(client.get("standardFlowEnabled").asBoolean());
    }

    @Test
    void itsOneUserIsTheBenchmarksWithItsPasswordAndKeycloaksDefaultHashing() {
        JsonNode users = realm.get("users");
        assertEquals(1, users.size());
        JsonNode user = users.get(0);
        assertEquals(DemoUser.USERNAME, user.get("username").asText());
        assertTrue(user.get("enabled").asBoolean());
        JsonNode password = user.get("credentials").get(0);
        assertEquals("password", password.get("type").asText());
        assertEquals(DemoUser.PASSWORD, password.get("value").asText());
        assertFalse(password.get("temporary").asBoolean(), "a temporary one would have to be changed first");
        assertFalse(realm.has("passwordPolicy"), "Keycloak's default hashing, unchanged");
    }

    @Test
    void aFormIsUrlEncoded() {
        assertEquals("grant_type=password&password=a+b%26c%3D", KeycloakRealm.form("grant_type", "password",
                "password", "a b&c="));
    }

    private static JsonNode read(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (Exception notJson) {
            throw new AssertionError("not JSON:\n" + json, notJson);
        }
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
