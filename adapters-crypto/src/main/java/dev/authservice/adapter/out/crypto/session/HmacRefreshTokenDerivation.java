package dev.authservice.adapter.out.crypto.session;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.authservice.application.session.port.out.RefreshTokenDerivation;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A successor is HMAC-SHA256 of the token it replaces under a key of at least 256 bits, written as base64url like a
 * random token: every instance with the key makes the same one, and without the key it is as unpredictable as one.
 */
public final class HmacRefreshTokenDerivation implements RefreshTokenDerivation {

    private static final int MIN_KEY_BYTES = 32;
    /** Keeps these MACs apart from any other use the key might be put to by mistake. */
    private static final byte[] PURPOSE = "auth-service refresh token successor\0".getBytes(UTF_8);

    private final SecretKeySpec key;

    private HmacRefreshTokenDerivation(byte[] key) {
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the key must have at least " + MIN_KEY_BYTES + " bytes, it has "
                    + key.length);
        }
        this.key = new SecretKeySpec(key, "HmacSHA256");
    }

    /**
     * The key as base64 (or base64url) text of its bytes, as {@code openssl rand -base64 32} makes one. Whether a
     * configured key is random, known to no one else and its own is judged with the service's other keys
     * ({@link ConfiguredKeys}).
     */
    public static HmacRefreshTokenDerivation withKey(String base64) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.strip().replace('-', '+').replace('_', '/'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the key must be base64 of at least " + MIN_KEY_BYTES
                    + " random bytes: " + e.getMessage());
        }
        return new HmacRefreshTokenDerivation(key);
    }

    /** A key made at start: successors made with it are not made again after a restart or on another instance. */
    public static HmacRefreshTokenDerivation withRandomKey() {
        byte[] key = new byte[MIN_KEY_BYTES];
        new SecureRandom().nextBytes(key);
        return new HmacRefreshTokenDerivation(key);
    }

    @Override
    public String successorOf(String presentedToken) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(PURPOSE);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(presentedToken.getBytes(UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }

    @Override
    public String toString() {
        return "HmacRefreshTokenDerivation[****]";
    }
}
