package dev.authservice.adapter.in.web;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpResponse;
import java.time.Duration;

/**
 * The refresh token travels only in this cookie: invisible to scripts (HttpOnly), HTTPS only (Secure), sent by the
 * browser to the refresh endpoint alone (Path) and never on a cross-site request (SameSite=Strict). The header is
 * written by hand so that it reads exactly as the contract spells it.
 */
public final class RefreshTokenCookie {

    public static final String NAME = "refreshToken";
    public static final String PATH = "/api/refresh";
    private static final String ATTRIBUTES = "; Path=" + PATH + "; Secure; HttpOnly; SameSite=Strict";

    private RefreshTokenCookie() {
    }

    public static <T> MutableHttpResponse<T> set(MutableHttpResponse<T> response, String token, Duration ttl) {
        return response.header(HttpHeaders.SET_COOKIE, NAME + "=" + token + "; Max-Age=" + ttl.toSeconds() + ATTRIBUTES);
    }

    /** Tells the browser to forget the cookie. */
    public static <T> MutableHttpResponse<T> clear(MutableHttpResponse<T> response) {
        return response.header(HttpHeaders.SET_COOKIE, NAME + "=; Max-Age=0" + ATTRIBUTES);
    }
}
