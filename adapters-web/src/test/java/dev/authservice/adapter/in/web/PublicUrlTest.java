package dev.authservice.adapter.in.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PublicUrlTest {

    @Test
    void aPathIsResolvedOnTheUrlWithOrWithoutItsTrailingSlash() {
        assertEquals(Optional.of("https://auth.example.com/.well-known/jwks.json"),
                PublicUrl.of("https://auth.example.com/").resolve("/.well-known/jwks.json"));
        assertEquals(Optional.of("http://[::1]:8080/auth/.well-known/jwks.json"),
                PublicUrl.of("http://[::1]:8080/auth").resolve("/.well-known/jwks.json"));
    }

    @Test
    void noneResolvesNothing() {
        assertEquals(Optional.empty(), PublicUrl.NONE.resolve("/.well-known/jwks.json"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth-service", "auth.example.com", "/auth", "ftp://auth.example.com",
            "https://user@auth.example.com", "https://auth.example.com/?a=b", "https://auth.example.com/#a",
            "https://", "https://auth example.com"})
    void anythingElseIsRefusedByName(String url) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PublicUrl.of(url));
        assertEquals("'" + url + "' is not a public URL: write http(s)://host[:port][/path], with no query or "
                + "fragment", refused.getMessage());
    }
}
