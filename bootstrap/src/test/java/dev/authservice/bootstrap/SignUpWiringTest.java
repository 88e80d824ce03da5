package dev.authservice.bootstrap;

import static dev.authservice.bootstrap.ApiAnswers.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whether sign-up is on, and the settings that stop the start: no way to mail a link, or a lifetime out of range. */
class SignUpWiringTest {

    @Test
    void outsideDevelopmentSignUpIsOffUnlessEnabledAndThePathsAre404() {
        OwnService.with(Map.of(), server -> {
            Http http = new Http(server.getURI());
            assertError(http.get("/api/sign-up"), 404, "NOT_FOUND");
            assertError(http.postJson("/api/sign-up", "{\"username\": \"carol\", \"email\": \"carol@example.com\","
                    + " \"password\": \"a long and uncommon passphrase\"}"), 404, "NOT_FOUND");
            assertError(http.postJson("/api/sign-up/verification-mail", "{\"identifier\": \"carol\"}"), 404,
                    "NOT_FOUND");
        });
    }

    @Test
    void enabledOutsideDevelopmentWithoutAnSmtpServerOrAPublicUrlStopsTheStartNamingTheKeys() {
        String noSmtp = OwnService.refusedStart(Map.of("auth.sign-up.enabled", "true",
                "auth.public-url", "https://auth.example.test")).getMessage();
        assertTrue(noSmtp.contains("auth.sign-up.enabled (AUTH_SIGN_UP_ENABLED)"), noSmtp);
        assertTrue(noSmtp.contains("auth.mail.smtp.host (AUTH_MAIL_SMTP_HOST)"), noSmtp);
        String noUrl = OwnService.refusedStart(Map.of("auth.sign-up.enabled", "true",
                "auth.mail.smtp.host", "127.0.0.1", "auth.mail.from", "no-reply@example.test")).getMessage();
        assertTrue(noUrl.contains("auth.public-url (AUTH_PUBLIC_URL)"), noUrl);
    }

    @Test
    void aPendingLifetimeBeyondItsCeilingStopsTheStartNamingItsKey() {
        assertEquals("auth.sign-up.pending-lifetime (AUTH_SIGN_UP_PENDING_LIFETIME): pendingLifetime must be at most "
                + "30d, was 31d", OwnService.refusedStart(Map.of("auth.sign-up.enabled", "true",
                "auth.sign-up.pending-lifetime", "31d", "auth.public-url", "https://auth.example.test",
                "auth.mail.smtp.host", "127.0.0.1", "auth.mail.from", "no-reply@example.test")).getMessage());
    }
}
