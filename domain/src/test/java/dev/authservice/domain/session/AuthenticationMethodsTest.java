package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.domain.user.UserId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AuthenticationMethodsTest {

    @Test
    void eachLoginHasTheValuesOfRfc8176() {
        assertEquals(List.of("pwd"), AuthenticationMethods.PASSWORD.values());
        assertEquals(List.of("pwd", "otp", "mfa"), AuthenticationMethods.PASSWORD_AND_TOTP.values());
        assertEquals(List.of("pwd", "mfa"), AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE.values());
    }

    @Test
    void isStoredAndReadBackAsText() {
        for (AuthenticationMethods methods : List.of(AuthenticationMethods.PASSWORD,
                AuthenticationMethods.PASSWORD_AND_TOTP, AuthenticationMethods.PASSWORD_AND_RECOVERY_CODE)) {
            assertEquals(methods, AuthenticationMethods.ofStored(methods.stored()));
        }
        assertEquals("pwd otp mfa", AuthenticationMethods.PASSWORD_AND_TOTP.stored());
    }

    @Test
    void onlyWhatThisServiceIssuesIsRead() {
        assertThrows(IllegalArgumentException.class, () -> AuthenticationMethods.of(List.of("mfa", "pwd")));
        assertThrows(IllegalArgumentException.class, () -> AuthenticationMethods.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> AuthenticationMethods.ofStored("pwd hwk"));
        assertThrows(IllegalArgumentException.class, () -> AuthenticationMethods.ofStored("hwk"));
    }

    @Test
    void aSessionKeepsHowItsUserLoggedInWhenRevoked() {
        Instant login = Instant.parse("2026-11-27T10:00:00Z");
        Session session = Session.start(new SessionId(UUID.randomUUID()), new UserId(UUID.randomUUID()), login,
                new TokenPolicy(Duration.ofMinutes(15), Duration.ofDays(30), "auth-service", Duration.ofSeconds(30),
                        Duration.ofDays(90), Duration.ZERO), null, null, AuthenticationMethods.PASSWORD_AND_TOTP);

        assertEquals(AuthenticationMethods.PASSWORD_AND_TOTP,
                session.revoke(RevocationReason.LOGOUT, login.plusSeconds(1)).methods());
    }
}
