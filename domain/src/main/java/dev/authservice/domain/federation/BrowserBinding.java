package dev.authservice.domain.federation;

import dev.authservice.domain.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The SHA-256 of the random value the browser that started an authorization holds in a cookie: the callback is
 * accepted only from that browser, so a victim lured to an attacker's callback URL (login CSRF) signs into nothing.
 */
public record BrowserBinding(String hex) {

    public static final int MAX_PRESENTED_LENGTH = 256;

    public BrowserBinding {
        if (!Sha256.isHex(hex)) {
            throw new IllegalArgumentException("a SHA-256 digest is 64 lower-case hex characters");
        }
    }

    public static BrowserBinding of(String cookieValue) {
        return new BrowserBinding(Sha256.hex(cookieValue));
    }

    public static Optional<BrowserBinding> ofPresented(String cookieValue) {
        if (cookieValue == null || cookieValue.isEmpty() || cookieValue.length() > MAX_PRESENTED_LENGTH) {
            return Optional.empty();
        }
        return Optional.of(of(cookieValue));
    }

    /** In constant time: how much of a hash matched says nothing. */
    public boolean matches(BrowserBinding other) {
        return MessageDigest.isEqual(hex.getBytes(StandardCharsets.US_ASCII),
                other.hex.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public String toString() {
        return "BrowserBinding[****]";
    }
}
