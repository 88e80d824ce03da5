package dev.authservice.adapter.out.crypto.secondfactor;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.authservice.application.secondfactor.port.out.SecretSealer;
import dev.authservice.domain.Sha256;
import dev.authservice.domain.secondfactor.SealedSecret;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM under a server key: a random 96-bit nonce per secret, kept before the ciphertext and its 128-bit tag.
 * A key's id is the start of its SHA-256, so nothing but the keys themselves is configured; secrets sealed under an
 * earlier key open as long as that key is among the previous ones, and are sealed under the current key when next
 * written (a new enrolment).
 */
public final class AesGcmSecretSealer implements SecretSealer {

    private static final int KEY_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    /** Keeps these ciphertexts apart from any other use of the key: they open for this purpose only. */
    private static final byte[] PURPOSE = "auth-service second factor secret".getBytes(UTF_8);

    private final SecureRandom random = new SecureRandom();
    private final String currentId;
    private final Map<String, SecretKeySpec> keys;

    private AesGcmSecretSealer(byte[] current, List<byte[]> previous) {
        Map<String, SecretKeySpec> byId = new LinkedHashMap<>();
        this.currentId = add(byId, current);
        previous.forEach(key -> add(byId, key));
        this.keys = Map.copyOf(byId);
    }

    /**
     * The current key and the earlier ones still needed to open what they sealed, each base64 (or base64url) of 32
     * random bytes, as {@code openssl rand -base64 32} makes one. Whether configured keys are random, known to no one
     * else and each its own is judged with the service's other keys ({@link ConfiguredKeys}).
     */
    public static AesGcmSecretSealer withKeys(String current, List<String> previous) {
        return new AesGcmSecretSealer(decode(current), previous.stream().map(AesGcmSecretSealer::decode).toList());
    }

    /** A key made at start: what it seals does not open after a restart or on another instance. */
    public static AesGcmSecretSealer withRandomKey() {
        byte[] key = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(key);
        return new AesGcmSecretSealer(key, List.of());
    }

    @Override
    public SealedSecret seal(byte[] secret) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, keys.get(currentId), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(PURPOSE);
            byte[] sealed = cipher.doFinal(secret);
            return new SealedSecret(currentId, ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed)
                    .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has AES/GCM", e);
        }
    }

    @Override
    public byte[] open(SealedSecret sealed) {
        SecretKeySpec key = keys.get(sealed.keyId());
        if (key == null) {
            throw new IllegalStateException("no key " + sealed.keyId() + " among auth.second-factor's keys");
        }
        byte[] bytes = sealed.ciphertext();
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, bytes, 0, NONCE_BYTES));
            cipher.updateAAD(PURPOSE);
            return cipher.doFinal(bytes, NONCE_BYTES, bytes.length - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a sealed secret under key " + sealed.keyId() + " does not open", e);
        }
    }

    private static String add(Map<String, SecretKeySpec> byId, byte[] key) {
        String id = Sha256.hex(Base64.getEncoder().encodeToString(key)).substring(0, 16);
        byId.put(id, new SecretKeySpec(key, "AES"));
        return id;
    }

    private static byte[] decode(String base64) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.strip().replace('-', '+').replace('_', '/'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a key must be base64 of " + KEY_BYTES + " random bytes: "
                    + e.getMessage());
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException("a key must be " + KEY_BYTES + " bytes, it has " + key.length);
        }
        return key;
    }

    @Override
    public String toString() {
        return "AesGcmSecretSealer[" + currentId + "]";
    }
}
