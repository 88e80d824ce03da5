package dev.authservice.application.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.SessionId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.Mock;
import org.mockito.junit.jupiter.MockitoExtension;

@ExtendWith(MockitoExtension.class)
class LogOutServiceTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:00:00Z");
    private static final SessionId SESSION = new SessionId(UUID.fromString("5e55a1a0-0000-4000-8000-000000000001"));

    @Mock private RefreshTokenStore refreshTokens;

    @Test
    void loggingOutRevokesTheSessionAsALogoutAtTheCurrentTime() {
        new LogOutService(refreshTokens, Clock.fixed(NOW, ZoneOffset.UTC)).logOut(SESSION);

        verify(refreshTokens).revokeSession(SESSION, RevocationReason.LOGOUT, NOW);
    }

    @Test
    void loggingOutOfASessionThatAlreadyEndedIsNoError() {
        when(refreshTokens.revokeSession(SESSION, RevocationReason.LOGOUT, NOW)).thenReturn(false);

        assertDoesNotThrow(() -> new LogOutService(refreshTokens, Clock.fixed(NOW, ZoneOffset.UTC)).logOut(SESSION));
    }
}
