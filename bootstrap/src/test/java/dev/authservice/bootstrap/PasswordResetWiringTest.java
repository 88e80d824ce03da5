package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whether resets are on, and the settings that stop the start: no way to mail a link, or limits out of range. */
class PasswordResetWiringTest {

    @Test
    void outsideDevelopmentResetsAreOffUnlessEnabledAndThePathsAre404() {
        OwnService.with(Map.of(), server -> {
            Http http = new Http(server.getURI());
            assertError(http.postJson("/api/password-reset/requests", "{\"username\": \"alice\"}"), 404,
                    "NOT_FOUND");
            assertError(http.postJson("/api/password-reset", "{\"token\": \"t\", \"newPassword\": \"p\"}"), 404,
                    "NOT_FOUND");
        });
    }

    @Test
    void enabledOutsideDevelopmentWithoutAnSmtpServerStopsTheStartNamingBothKeys() {
        String refusal = OwnService.refusedStart(Map.of("auth.password-reset.enabled", "true",
                "auth.public-url", "https://auth.example.test")).getMessage();
        assertTrue(refusal.contains("auth.password-reset.enabled (AUTH_PASSWORD_RESET_ENABLED)"), refusal);
        assertTrue(refusal.contains("auth.mail.smtp.host (AUTH_MAIL_SMTP_HOST)"), refusal);
    }

    @Test
    void aLifetimeBeyondItsCeilingStopsTheStartNamingItsKey() {
        assertEquals("auth.password-reset.token-lifetime (AUTH_PASSWORD_RESET_TOKEN_LIFETIME): lifetime must be at "
                + "most 1d, was 2d", OwnService.refusedStart(Map.of("auth.password-reset.token-lifetime", "2d"))
                .getMessage());
        assertTrue(OwnService.refusedStart(Map.of("auth.password-reset.max-requests-per-account", "0")).getMessage()
                .startsWith("auth.password-reset.max-requests-per-account"));
    }
}
