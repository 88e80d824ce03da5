package dev.authservice.adapter.out.crypto.secondfactor;

import dev.authservice.application.secondfactor.port.out.TotpCodes;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.secondfactor.TotpSecret;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HOTP (RFC 4226) over the time step, which is TOTP (RFC 6238) with HMAC-SHA-1: what every authenticator app computes.
 */
public final class HmacTotpCodes implements TotpCodes {

    @Override
    public boolean matches(TotpSecret secret, long step, TotpCode code) {
        byte[] expected = String.format("%0" + TotpCode.DIGITS + "d", hotp(secret.bytes(), step, TotpCode.DIGITS))
                .getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, code.digits().getBytes(StandardCharsets.US_ASCII));
    }

    /** RFC 4226 section 5.3: the HMAC of the counter, dynamically truncated to 31 bits, modulo 10^digits. */
    static int hotp(byte[] key, long counter, int digits) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(key, "HmacSHA1"));
            byte[] hash = mac.doFinal(ByteBuffer.allocate(Long.BYTES).putLong(counter).array());
            int offset = hash[hash.length - 1] & 0x0f;
            int binary = (hash[offset] & 0x7f) << 24 | (hash[offset + 1] & 0xff) << 16
                    | (hash[offset + 2] & 0xff) << 8 | (hash[offset + 3] & 0xff);
            return binary % (int) Math.pow(10, digits);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has HmacSHA1", e);
        }
    }
}
