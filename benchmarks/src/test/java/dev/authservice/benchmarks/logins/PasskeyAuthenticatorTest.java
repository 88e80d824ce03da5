package dev.authservice.benchmarks.logins;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The software passkey, checked without a service: its COSE key, authenticator data and signatures with the JDK, and
 * its registration's attestation object.
 */
class PasskeyAuthenticatorTest {

    private static final String ORIGIN = "http://localhost:8080";
    private static final String CHALLENGE = "q7nU3qL6Xn1b2ZbQn3Pp7kXq8Yl0xR1yJmN2c4dEf5g";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void theCoseKeyIsTheP256PublicKey() throws Exception {
        PasskeyAuthenticator authenticator = PasskeyAuthenticator.create(new SecureRandom());
        ECPublicKey key = (ECPublicKey) authenticator.publicKey();
        byte[] cose = authenticator.coseKey();

        // {1: 2, 3: -7, -1: 1, -2: h'x', -3: h'y'}: a map of five, then bstr heads of 32 bytes.
        assertEquals("a5010203262001215820", HEX.formatHex(cose, 0, 10));
        assertEquals("225820", HEX.formatHex(cose, 42, 45));
        assertEquals(77, cose.length);
        assertEquals(key.getW().getAffineX(), new BigInteger(1, Arrays.copyOfRange(cose, 10, 42)));
        assertEquals(key.getW().getAffineY(), new BigInteger(1, Arrays.copyOfRange(cose, 45, 77)));
    }

    @Test
    void coordinatesAreThirtyTwoBytesWhateverTheirValue() {
        assertArrayEquals(ByteBuffer.allocate(32).put(31, (byte) 1).array(), PasskeyAuthenticator.unsigned32(
                BigInteger.ONE));
        byte[] high = new byte[32];
        Arrays.fill(high, (byte) 0xff);
        assertArrayEquals(high, PasskeyAuthenticator.unsigned32(new BigInteger(1, high)));
    }

    @Test
    void anAssertionVerifiesWithTheJdkAndSaysWhatABrowserSays() throws Exception {
        PasskeyAuthenticator authenticator = PasskeyAuthenticator.create(new SecureRandom());
        JsonNode assertion = JSON.readTree(authenticator.assertion(ORIGIN, "localhost", CHALLENGE, "aGFuZGxl"));

        assertEquals(authenticator.id(), assertion.get("id").asText());
        assertEquals(authenticator.id(), assertion.get("rawId").asText());
        assertEquals("public-key", assertion.get("type").asText());
        JsonNode response = assertion.get("response");
        assertEquals("aGFuZGxl", response.get("userHandle").asText());
        byte[] clientData = base64Url(response.get("clientDataJSON"));
        JsonNode client = JSON.readTree(clientData);
        assertEquals("webauthn.get", client.get("type").asText());
        assertEquals(CHALLENGE, client.get("challenge").asText());
        assertEquals(ORIGIN, client.get("origin").asText());

        byte[] authenticatorData = base64Url(response.get("authenticatorData"));
        assertEquals(37, authenticatorData.length);
        assertArrayEquals(sha256("localhost"), Arrays.copyOf(authenticatorData, 32));
        assertEquals(0x1d, authenticatorData[32], "UP, UV, BE and BS; not AT");
        assertEquals(0, ByteBuffer.wrap(authenticatorData, 33, 4).getInt(), "no counter, as a synced passkey");

        Signature es256 = Signature.getInstance("SHA256withECDSA");
        es256.initVerify(authenticator.publicKey());
        es256.update(authenticatorData);
        es256.update(sha256(clientData));
        assertTrue(es256.verify(base64Url(response.get("signature"))));

        es256.initVerify(PasskeyAuthenticator.create(new SecureRandom()).publicKey());
        es256.update(authenticatorData);
        es256.update(sha256(clientData));
        assertFalse(es256.verify(base64Url(response.get("signature"))), "another key's signature");
    }

    @Test
    void aRegistrationCarriesANoneAttestationOfTheKey() throws Exception {
        PasskeyAuthenticator authenticator = PasskeyAuthenticator.create(new SecureRandom());
        JsonNode registration = JSON.readTree(authenticator.registration(ORIGIN, "localhost", CHALLENGE));
        JsonNode response = registration.get("response");
        JsonNode client = JSON.readTree(base64Url(response.get("clientDataJSON")));
        assertEquals("webauthn.create", client.get("type").asText());
        assertEquals(CHALLENGE, client.get("challenge").asText());

        byte[] authenticatorData = authenticator.attestedAuthenticatorData("localhost");
        assertArrayEquals(authenticatorData, base64Url(response.get("authenticatorData")));
        // {"fmt": "none", "attStmt": {}, "authData": h'...'}, authData's head a bstr with a one-byte length.
        byte[] attestation = base64Url(response.get("attestationObject"));
        assertEquals("a363666d74646e6f6e656761747453746d74a068617574684461746158"
                + HEX.toHexDigits((byte) authenticatorData.length) + HEX.formatHex(authenticatorData),
                HEX.formatHex(attestation));

        assertArrayEquals(sha256("localhost"), Arrays.copyOf(authenticatorData, 32));
        assertEquals(0x5d, authenticatorData[32], "UP, UV, BE, BS and AT");
        assertEquals(0, ByteBuffer.wrap(authenticatorData, 33, 4).getInt());
        assertArrayEquals(new byte[16], Arrays.copyOfRange(authenticatorData, 37, 53), "no AAGUID");
        byte[] id = Base64.getUrlDecoder().decode(authenticator.id());
        assertEquals(id.length, ByteBuffer.wrap(authenticatorData, 53, 2).getShort());
        assertArrayEquals(id, Arrays.copyOfRange(authenticatorData, 55, 55 + id.length));
        assertArrayEquals(authenticator.coseKey(),
                Arrays.copyOfRange(authenticatorData, 55 + id.length, authenticatorData.length));
        assertArrayEquals(authenticator.publicKey().getEncoded(), base64Url(response.get("publicKey")));
        assertEquals(-7, response.get("publicKeyAlgorithm").asInt());
    }

    private static byte[] base64Url(JsonNode text) {
        return Base64.getUrlDecoder().decode(text.asText());
    }

    private static byte[] sha256(String text) {
        return PasskeyAuthenticator.sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] sha256(byte[] bytes) {
        return PasskeyAuthenticator.sha256(bytes);
    }
}
