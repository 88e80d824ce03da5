package dev.authservice.domain.secondfactor;

import dev.authservice.domain.user.Username;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The shared secret of a time-based one-time password (RFC 6238): 20 random bytes, the length of an HMAC-SHA-1 key
 * (RFC 4226 section 4 recommends 160 bits). Shown to its user once, at enrolment, as base32 and as an
 * {@code otpauth://} URI for an authenticator app; kept only sealed ({@link SealedSecret}).
 */
public final class TotpSecret {

    public static final int LENGTH = 20;

    private final byte[] bytes;

    public TotpSecret(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        if (bytes.length != LENGTH) {
            throw new IllegalArgumentException("a TOTP secret is " + LENGTH + " bytes");
        }
        this.bytes = bytes.clone();
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    /** As authenticator apps take it typed in: base32, no padding. */
    public String base32() {
        return Base32.encode(bytes);
    }

    /**
     * The key URI authenticator apps read from a QR code, with this service's parameters spelt out (SHA1, 6 digits,
     * 30 s), so that no app falls back to a default of its own.
     */
    public String otpauthUri(String issuer, Username account) {
        String label = encode(issuer) + ":" + encode(account.value());
        return "otpauth://totp/" + label + "?secret=" + base32() + "&issuer=" + encode(issuer)
                + "&algorithm=SHA1&digits=" + TotpCode.DIGITS + "&period=" + TotpFactor.STEP.toSeconds();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TotpSecret that && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "TotpSecret[****]";
    }
}
