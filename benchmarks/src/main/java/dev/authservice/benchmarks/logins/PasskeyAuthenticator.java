package dev.authservice.benchmarks.logins;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;

/**
 * One passkey in software, as a browser hands it to the service: an ES256 key pair (P-256, the JDK's own), the
 * registration response with "none" attestation and its assertions, in the JSON of {@code PublicKeyCredential.toJSON()}.
 * It behaves as the synced passkeys of the platforms' password managers do: user present and verified, backup
 * eligible and backed up, and no signature counter (always 0), so that any number of logins may use it at once.
 */
public final class PasskeyAuthenticator {

    static final int USER_PRESENT = 0x01;
    static final int USER_VERIFIED = 0x04;
    static final int BACKUP_ELIGIBLE = 0x08;
    static final int BACKED_UP = 0x10;
    static final int ATTESTED_CREDENTIAL = 0x40;
    static final int FLAGS = USER_PRESENT | USER_VERIFIED | BACKUP_ELIGIBLE | BACKED_UP;
    /** COSE: key type EC2, algorithm ES256, curve P-256 (RFC 9053). */
    private static final int EC2 = 2;
    private static final int ES256 = -7;
    private static final int P256 = 1;
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final KeyPair keys;
    private final byte[] credentialId;

    private PasskeyAuthenticator(KeyPair keys, byte[] credentialId) {
        this.keys = keys;
        this.credentialId = credentialId;
    }

    /** A new key pair and a random 16-byte credential id. */
    public static PasskeyAuthenticator create(SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), random);
        byte[] credentialId = new byte[16];
        random.nextBytes(credentialId);
        return new PasskeyAuthenticator(generator.generateKeyPair(), credentialId);
    }

    PublicKey publicKey() {
        return keys.getPublic();
    }

    String id() {
        return BASE64URL.encodeToString(credentialId);
    }

    /** The registration response for {@code challenge} (base64url, as the options give it) on page {@code origin}. */
    public String registration(String origin, String rpId, String challenge) {
        byte[] clientData = clientData("webauthn.create", challenge, origin);
        byte[] authenticatorData = attestedAuthenticatorData(rpId);
        byte[] attestationObject = new Cbor().map(3)
                .text("fmt").text("none")
                .text("attStmt").map(0)
                .text("authData").bytes(authenticatorData)
                .toByteArray();
        return "{\"id\":\"" + id() + "\",\"rawId\":\"" + id() + "\",\"type\":\"public-key\",\"response\":{"
                + "\"clientDataJSON\":\"" + base64Url(clientData) + "\","
                + "\"attestationObject\":\"" + base64Url(attestationObject) + "\","
                + "\"authenticatorData\":\"" + base64Url(authenticatorData) + "\","
                + "\"publicKey\":\"" + base64Url(keys.getPublic().getEncoded()) + "\","
                + "\"publicKeyAlgorithm\":" + ES256 + ",\"transports\":[\"hybrid\",\"internal\"]},"
                + "\"clientExtensionResults\":{},\"authenticatorAttachment\":\"platform\"}";
    }

    /** An assertion for {@code challenge} on page {@code origin}, naming the user by {@code userHandle} (base64url). */
    public String assertion(String origin, String rpId, String challenge, String userHandle)
            throws GeneralSecurityException {
        byte[] clientData = clientData("webauthn.get", challenge, origin);
        byte[] authenticatorData = ByteBuffer.allocate(37).put(sha256(rpId.getBytes(StandardCharsets.UTF_8)))
                .put((byte) FLAGS).putInt(0).array();
        return "{\"id\":\"" + id() + "\",\"rawId\":\"" + id() + "\",\"type\":\"public-key\",\"response\":{"
                + "\"clientDataJSON\":\"" + base64Url(clientData) + "\","
                + "\"authenticatorData\":\"" + base64Url(authenticatorData) + "\","
                + "\"signature\":\"" + base64Url(sign(authenticatorData, clientData)) + "\","
                + "\"userHandle\":\"" + userHandle + "\"},"
                + "\"clientExtensionResults\":{},\"authenticatorAttachment\":\"platform\"}";
    }

    /** The client data as a browser serializes it; the challenge is the options' base64url text, unchanged. */
    static byte[] clientData(String type, String challenge, String origin) {
        return ("{\"type\":\"" + type + "\",\"challenge\":\"" + challenge + "\",\"origin\":\"" + origin
                + "\",\"crossOrigin\":false}").getBytes(StandardCharsets.UTF_8);
    }

    /**
     * ES256 as WebAuthn signs: ECDSA with SHA-256 over the authenticator data and the client data's SHA-256, in DER
     * as the JDK writes it.
     */
    byte[] sign(byte[] authenticatorData, byte[] clientData) throws GeneralSecurityException {
        Signature signature = Signature.getInstance("SHA256withECDSA");
        signature.initSign(keys.getPrivate());
        signature.update(authenticatorData);
        signature.update(sha256(clientData));
        return signature.sign();
    }

    /**
     * The authenticator data of a registration: the relying-party id's SHA-256, the flags with AT, a zero counter,
     * then the attested credential: a zero AAGUID (no attestation), the id's length and the id, the COSE key.
     */
    byte[] attestedAuthenticatorData(String rpId) {
        byte[] coseKey = coseKey();
        return ByteBuffer.allocate(32 + 1 + 4 + 16 + 2 + credentialId.length + coseKey.length)
                .put(sha256(rpId.getBytes(StandardCharsets.UTF_8)))
                .put((byte) (FLAGS | ATTESTED_CREDENTIAL))
                .putInt(0)
                .put(new byte[16])
                .putShort((short) credentialId.length)
                .put(credentialId)
                .put(coseKey)
                .array();
    }

    /** The public key as COSE: {@code {1: 2, 3: -7, -1: 1, -2: x, -3: y}}, x and y 32 bytes each. */
    byte[] coseKey() {
        ECPublicKey key = (ECPublicKey) keys.getPublic();
        return new Cbor().map(5)
                .integer(1).integer(EC2)
                .integer(3).integer(ES256)
                .integer(-1).integer(P256)
                .integer(-2).bytes(unsigned32(key.getW().getAffineX()))
                .integer(-3).bytes(unsigned32(key.getW().getAffineY()))
                .toByteArray();
    }

    /** A coordinate as 32 big-endian bytes: BigInteger's own form may have a sign byte more, or fewer bytes. */
    static byte[] unsigned32(BigInteger value) {
        byte[] bytes = value.toByteArray();
        byte[] fixed = new byte[32];
        int length = Math.min(bytes.length, 32);
        System.arraycopy(bytes, bytes.length - length, fixed, 32 - length, length);
        return fixed;
    }

    static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64Url(byte[] bytes) {
        return BASE64URL.encodeToString(bytes);
    }
}
