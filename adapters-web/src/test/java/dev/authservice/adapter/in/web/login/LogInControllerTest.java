package dev.authservice.adapter.in.web.login;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.application.login.port.in.CompleteLogInUseCase;
import dev.authservice.application.login.port.in.LogInUseCase.Result;
import dev.authservice.application.login.port.in.LogInUseCase;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.application.session.port.in.IssuedTokens;
import dev.authservice.application.shared.port.out.StoreUnavailableException;
import dev.authservice.domain.user.Credentials;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.annotation.MockBean;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The web adapter alone: the use case is a mock, so these tests show how HTTP maps to the use case and back,
 * with no database and no password hashing. The whole service is tested over HTTP in bootstrap.
 */
@MicronautTest
class LogInControllerTest {

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    LogInUseCase logIn;

    @MockBean(LogInUseCase.class)
    LogInUseCase logIn() {
        return mock(LogInUseCase.class);
    }

    /** The login controller's other route, completing a login with a second factor; not called here. */
    @MockBean(CompleteLogInUseCase.class)
    CompleteLogInUseCase completeLogIn() {
        return mock(CompleteLogInUseCase.class);
    }

    /** The security filter is built with our AuthenticationFetcher, so its use case must exist for any route. */
    @MockBean(AuthenticateUseCase.class)
    AuthenticateUseCase authenticate() {
        return mock(AuthenticateUseCase.class);
    }

    private HttpResponse<Map> post(String json) {
        try {
            return client.toBlocking().exchange(
                    HttpRequest.POST("/api/login", json).contentType(MediaType.APPLICATION_JSON_TYPE)
                            .header("User-Agent", "test-agent"), Map.class);
        } catch (HttpClientResponseException e) {
            return (HttpResponse<Map>) e.getResponse();
        }
    }

    @Test
    void aLoginHandsTheCredentialsAndTheClientToTheUseCase() {
        when(logIn.logIn(any())).thenReturn(new Result.LoggedIn(
                new IssuedTokens("header.payload.signature", "opaque-refresh-token", Duration.ofDays(30))));

        HttpResponse<Map> response = post("{\"username\":\"alice\",\"password\":\"alice-password\"}");

        assertEquals(200, response.code());
        assertEquals("header.payload.signature", response.body().get("accessToken"));
        assertEquals("refreshToken=opaque-refresh-token; Max-Age=2592000; Path=/api/refresh; Secure; HttpOnly; "
                + "SameSite=Strict", response.getHeaders().get("Set-Cookie"));
        ArgumentCaptor<LogInUseCase.Command> command = ArgumentCaptor.forClass(LogInUseCase.Command.class);
        verify(logIn).logIn(command.capture());
        assertEquals(Credentials.of("alice", "alice-password"), command.getValue().credentials());
        assertEquals("test-agent", command.getValue().requester().userAgent());
        String clientAddress = command.getValue().requester().clientAddress().value();
        assertTrue(clientAddress.startsWith("127.0.0.1") || clientAddress.contains(":"), clientAddress);
    }

    @Test
    void aThrottledLoginIs429WithRetryAfterRoundedUpToWholeSeconds() {
        when(logIn.logIn(any())).thenReturn(new Result.Throttled(Duration.ofMillis(1500)));

        HttpResponse<Map> response = post("{\"username\":\"alice\",\"password\":\"alice-password\"}");

        assertEquals(429, response.code());
        assertEquals("2", response.getHeaders().get("Retry-After"));
        assertEquals("TOO_MANY_ATTEMPTS", ((Map<?, ?>) response.body().get("error")).get("code"));
    }

    @Test
    void aDatabaseThatCannotBeReachedIs503WithRetryAfterNot500() {
        when(logIn.logIn(any())).thenThrow(new StoreUnavailableException("The database cannot be reached (SQLState"
                + " 08006)", new SQLException("An I/O error occurred while sending to the backend", "08006")));

        HttpResponse<Map> response = post("{\"username\":\"alice\",\"password\":\"alice-password\"}");

        assertEquals(503, response.code());
        assertEquals("1", response.getHeaders().get("Retry-After"));
        assertEquals("SERVICE_UNAVAILABLE", ((Map<?, ?>) response.body().get("error")).get("code"));
    }

    @Test
    void aBodyThatIsNotCredentialsNeverReachesTheUseCase() {
        HttpResponse<Map> response = post("{\"username\":\"alice\",\"password\":true}");

        assertEquals(400, response.code());
        assertEquals("INVALID_INPUT", ((Map<?, ?>) response.body().get("error")).get("code"));
        verify(logIn, never()).logIn(any());
    }
}
