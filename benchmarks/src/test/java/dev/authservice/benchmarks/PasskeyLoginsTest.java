package dev.authservice.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the passkey benchmark sends, checked without a service: its CBOR against RFC 8949's own examples, its
 * authenticator's COSE key, authenticator data and signatures with the JDK, and how it reads the options.
 */
class PasskeyLoginsTest {

    private static final String ORIGIN = "http://localhost:8080";
    private static final String CHALLENGE = "q7nU3qL6Xn1b2ZbQn3Pp7kXq8Yl0xR1yJmN2c4dEf5g";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void cborIsThatOfRfc8949AppendixA() {
        assertEquals("00", hex(new Cbor().integer(0)));
        assertEquals("17", hex(new Cbor().integer(23)));
        assertEquals("1818", hex(new Cbor().integer(24)));
        assertEquals("1864", hex(new Cbor().integer(100)));
        assertEquals("1903e8", hex(new Cbor().integer(1000)));
        assertEquals("1a000f4240", hex(new Cbor().integer(1_000_000)));
        assertEquals("1b000000e8d4a51000", hex(new Cbor().integer(1_000_000_000_000L)));
        assertEquals("20", hex(new Cbor().integer(-1)));
        assertEquals("29", hex(new Cbor().integer(-10)));
        assertEquals("3863", hex(new Cbor().integer(-100)));
        assertEquals("3903e7", hex(new Cbor().integer(-1000)));
        assertEquals("40", hex(new Cbor().bytes(new byte[0])));
        assertEquals("4401020304", hex(new Cbor().bytes(new byte[] {1, 2, 3, 4})));
        assertEquals("60", hex(new Cbor().text("")));
        assertEquals("6449455446", hex(new Cbor().text("IETF")));
        assertEquals("62c3bc", hex(new Cbor().text("\u00fc")));
        assertEquals("a0", hex(new Cbor().map(0)));
        assertEquals("a201020304", hex(new Cbor().map(2).integer(1).integer(2).integer(3).integer(4)));
        assertEquals("a1616101", hex(new Cbor().map(1).text("a").integer(1)));
    }

    @Test
    void cborHeadsTakeTheirLongerFormsFromTheirBoundaries() {
        assertEquals("58ff", hex(new Cbor().bytes(new byte[255])).substring(0, 4));
        assertEquals("590100", hex(new Cbor().bytes(new byte[256])).substring(0, 6));
        assertEquals("7818", hex(new Cbor().text("x".repeat(24))).substring(0, 4));
    }

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

    @Test
    void theOptionsAreReadFieldByObject() {
        String options = "{\"success\":true,\"data\":{\"publicKey\":{\"challenge\":\"c1\",\"rp\":{\"id\":\"localhost\","
                + "\"name\":\"auth-service\"},\"user\":{\"name\":\"p\",\"id\":\"h1\",\"displayName\":\"P\"}}}}";
        assertEquals("c1", PasskeyLogins.stringIn(options, "publicKey", "challenge"));
        assertEquals("localhost", PasskeyLogins.stringIn(options, "rp", "id"));
        assertEquals("h1", PasskeyLogins.stringIn(options, "user", "id"));
        assertThrows(IllegalArgumentException.class, () -> PasskeyLogins.stringIn(options, "publicKey", "rpId"));
        assertThrows(IllegalArgumentException.class, () -> PasskeyLogins.stringIn(options, "excludeCredentials", "id"));
    }

    @Test
    void aFigureIsTheMedianOfTheBatchesWithTheirRange() {
        List<PasskeyLogins.PerLogin> batches = List.of(new PasskeyLogins.PerLogin(50, 5),
                new PasskeyLogins.PerLogin(60, 4), new PasskeyLogins.PerLogin(40, 8),
                new PasskeyLogins.PerLogin(45, 5));
        assertEquals("47.50 (40.00 to 60.00)", PasskeyLogins.spread(batches, PasskeyLogins.PerLogin::passwordMs, "%.2f"));
        assertEquals("9.50 (5.00 to 15.00)", PasskeyLogins.spread(batches, PasskeyLogins.PerLogin::timesCheaper, "%.2f"));
        assertEquals("200.0 (125.0 to 250.0)",
                PasskeyLogins.spread(batches, PasskeyLogins.PerLogin::passkeyPerCpuSecond, "%.1f"));
    }

    private static String hex(Cbor cbor) {
        return HEX.formatHex(cbor.toByteArray());
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
