package dev.authservice.adapter.in.web.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AllowedOriginsTest {

    private static final AllowedOrigins APP = AllowedOrigins.of(List.of("https://App.example", "http://[::1]:8080"));

    @Test
    void anOriginMatchesAsBrowsersWriteIt() {
        assertTrue(APP.contains(Origin.parse("https://app.example").orElseThrow()));
        assertTrue(APP.contains(Origin.parse("http://[::1]:8080").orElseThrow()));
        assertFalse(APP.contains(Origin.parse("http://app.example").orElseThrow()), "another scheme");
        assertFalse(APP.contains(Origin.parse("https://app.example:8443").orElseThrow()), "another port");
        assertFalse(APP.contains(Origin.parse("https://evil.app.example").orElseThrow()), "another host");
    }

    @ParameterizedTest
    @ValueSource(strings = {"app.example", "https://app.example/", "https://app.example/path", "null", "*",
            "ftp://app.example", "https://user@app.example"})
    void anEntryThatIsNotAnOriginIsRefusedByName(String entry) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> AllowedOrigins.of(List.of("https://fine.example", entry)));
        assertEquals("'" + entry + "' is not an origin: write http(s)://host[:port], with no path", refused.getMessage());
    }

    @Test
    void aRequestIsSentToTheOriginItsHostNames() {
        Origin origin = Origin.parse("https://auth.example").orElseThrow();
        assertTrue(origin.isHost("Auth.Example"));
        assertFalse(origin.isHost("auth.example:8443"));
    }
}
