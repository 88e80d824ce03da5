package dev.authservice.adapter.in.web;

import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.cookie.Cookie;
import io.micronaut.http.cookie.SameSite;
import java.time.Duration;

/**
 * The refresh token travels only in this cookie: invisible to scripts (HttpOnly), HTTPS only (Secure), sent by the
 * browser to the refresh endpoint alone (Path) and never on a cross-site request (SameSite=Strict).
 */
final class RefreshTokenCookie {

    static final String NAME = "refreshToken";
    static final String PATH = "/api/refresh";

    private RefreshTokenCookie() {
    }

    static <T> MutableHttpResponse<T> set(MutableHttpResponse<T> response, String token, Duration ttl) {
        return response.cookie(cookie(token).maxAge(ttl));
    }

    /** Tells the browser to forget the cookie. */
    static <T> MutableHttpResponse<T> clear(MutableHttpResponse<T> response) {
        return response.cookie(cookie("").maxAge(0));
    }

    private static Cookie cookie(String value) {
        return Cookie.of(NAME, value).path(PATH).secure(true).httpOnly(true).sameSite(SameSite.Strict);
    }
}
