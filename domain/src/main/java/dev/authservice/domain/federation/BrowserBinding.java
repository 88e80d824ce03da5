package dev.authservice.domain.federation;

import dev.authservice.domain.Sha256;
import java.util.Optional;

/**
 * The SHA-256 of the random value the browser that started an authorization holds in a cookie: the callback is
 * accepted only from that browser, so a victim lured to an attacker's callback URL (login CSRF) signs into nothing.
 */
public record BrowserBinding(String hex) {

    public BrowserBinding {
        Sha256.requireHex(hex);
    }

    public static BrowserBinding of(String cookieValue) {
        return new BrowserBinding(Sha256.hex(cookieValue));
    }

    public static Optional<BrowserBinding> ofPresented(String cookieValue) {
        return Sha256.ofPresented(cookieValue).map(BrowserBinding::new);
    }

    /** In constant time: how much of a hash matched says nothing. */
    public boolean matches(BrowserBinding other) {
        return Sha256.matches(hex, other.hex);
    }

    @Override
    public String toString() {
        return "BrowserBinding[****]";
    }
}
