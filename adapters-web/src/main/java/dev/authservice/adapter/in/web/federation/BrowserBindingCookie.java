package dev.authservice.adapter.in.web.federation;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.cookie.Cookie;
import java.time.Duration;
import java.util.Optional;

/**
 * The cookie that binds an authorization to the browser that started it: sent back only to the callback path. Lax,
 * not Strict: the callback is a top-level navigation from the provider's site, on which a Strict cookie is not sent.
 * HttpOnly and Secure as the refresh cookie; written by hand as that one is.
 */
final class BrowserBindingCookie {

    static final String NAME = "identityProviderBinding";
    static final String PATH = IdentityProvidersController.PATH;
    private static final String ATTRIBUTES = "; Path=" + PATH + "; Secure; HttpOnly; SameSite=Lax";

    private BrowserBindingCookie() {
    }

    static <T> MutableHttpResponse<T> set(MutableHttpResponse<T> response, String value, Duration ttl) {
        return response.header(HttpHeaders.SET_COOKIE, NAME + "=" + value + "; Max-Age=" + ttl.toSeconds()
                + ATTRIBUTES);
    }

    /** The binding is good once: the callback clears it, whatever its outcome. */
    static <T> MutableHttpResponse<T> clear(MutableHttpResponse<T> response) {
        return response.header(HttpHeaders.SET_COOKIE, NAME + "=; Max-Age=0" + ATTRIBUTES);
    }

    static Optional<String> of(HttpRequest<?> request) {
        return request.getCookies().findCookie(NAME).map(Cookie::getValue);
    }
}
