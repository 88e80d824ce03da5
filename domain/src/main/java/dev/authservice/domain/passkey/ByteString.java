package dev.authservice.domain.passkey;

import dev.authservice.domain.InvalidValueException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * Bytes that never change, compared by content: what WebAuthn exchanges as binary (credential ids, user handles,
 * challenges, public keys). Written as base64url without padding, the form of WebAuthn's JSON.
 */
public final class ByteString {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder BASE64URL_DECODER = Base64.getUrlDecoder();

    private final byte[] bytes;

    private ByteString(byte[] bytes) {
        this.bytes = bytes;
    }

    public static ByteString of(byte[] bytes) {
        return new ByteString(Objects.requireNonNull(bytes, "bytes").clone());
    }

    /** The bytes of base64url text (padding optional); anything else is refused, naming {@code field}. */
    public static ByteString base64Url(String field, String text) {
        if (text == null || text.isEmpty()) {
            throw new InvalidValueException(field, field + " must not be empty");
        }
        try {
            return new ByteString(BASE64URL_DECODER.decode(text));
        } catch (IllegalArgumentException e) {
            throw new InvalidValueException(field, field + " must be base64url");
        }
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    public int length() {
        return bytes.length;
    }

    public String base64Url() {
        return BASE64URL.encodeToString(bytes);
    }

    /** In constant time, as for secrets such as a challenge. */
    @Override
    public boolean equals(Object other) {
        return other instanceof ByteString that && MessageDigest.isEqual(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return base64Url();
    }
}
