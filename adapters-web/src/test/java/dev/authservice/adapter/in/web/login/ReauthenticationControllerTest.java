package dev.authservice.adapter.in.web.login;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.application.login.port.in.ReauthenticateUseCase;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.domain.secondfactor.SecondFactorMethod;
import dev.authservice.domain.secondfactor.TotpCode;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.annotation.MockBean;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * How {@code POST /api/user/reauthentication} maps HTTP to its use case and back, with the use cases mocked: the
 * proof that reaches it from the body and the session from the token, and how each of its results is answered.
 */
@MicronautTest
class ReauthenticationControllerTest {

    private static final UserId CALLER = new UserId(UUID.fromString("11111111-1111-1111-1111-111111111111"));
    private static final SessionId SESSION = new SessionId(UUID.fromString("22222222-2222-2222-2222-222222222222"));
    private static final String PATH = "/api/user/reauthentication";

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    AuthenticateUseCase authenticate;
    @Inject
    ReauthenticateUseCase reauthenticate;

    @MockBean(AuthenticateUseCase.class)
    AuthenticateUseCase authenticate() {
        return mock(AuthenticateUseCase.class);
    }

    @MockBean(ReauthenticateUseCase.class)
    ReauthenticateUseCase reauthenticate() {
        return mock(ReauthenticateUseCase.class);
    }

    @BeforeEach
    void aToken() {
        Instant now = Instant.now();
        when(authenticate.authenticate(new AuthenticateUseCase.Query("user-token"))).thenReturn(
                new AuthenticateUseCase.Result.Authenticated(new AccessToken("jti", "auth-service",
                        new Username("caller"), CALLER, SESSION, Set.of(Role.USER), "Caller", "Testing", now, now,
                        now.plusSeconds(60), AuthenticationMethods.PASSWORD, now.minusSeconds(3600))));
    }

    private HttpResponse<Map> post(String body) {
        try {
            return client.toBlocking().exchange(HttpRequest.POST(PATH, body)
                    .contentType(MediaType.APPLICATION_JSON_TYPE).bearerAuth("user-token"), Map.class);
        } catch (HttpClientResponseException e) {
            return (HttpResponse<Map>) e.getResponse();
        }
    }

    private static String errorCode(HttpResponse<Map> response) {
        return (String) ((Map<?, ?>) response.body().get("error")).get("code");
    }

    private ReauthenticateUseCase.Command command() {
        ArgumentCaptor<ReauthenticateUseCase.Command> command =
                ArgumentCaptor.forClass(ReauthenticateUseCase.Command.class);
        verify(reauthenticate).reauthenticate(command.capture());
        return command.getValue();
    }

    @Test
    void thePasswordAndACodeProveItForTheSessionOfTheToken() {
        List<String> threads = new CopyOnWriteArrayList<>();
        when(reauthenticate.reauthenticate(any())).thenAnswer(call -> {
            threads.add(Thread.currentThread().getName());
            return new ReauthenticateUseCase.Result.Reauthenticated("a-new-access-token");
        });

        HttpResponse<Map> response = post("{\"password\": \"the passphrase\", \"code\": \"123456\"}");

        assertEquals(200, response.code());
        assertEquals("no-store", response.header("Cache-Control"));
        assertEquals(Map.of("accessToken", "a-new-access-token"), response.body().get("data"));
        ReauthenticateUseCase.Command command = command();
        assertEquals(CALLER, command.userId());
        assertEquals(SESSION, command.sessionId());
        assertEquals(Optional.of(new Password("the passphrase")), command.password());
        assertEquals(Optional.of(new TotpCode("123456")), command.code());
        assertEquals(Optional.empty(), command.passkey());
        assertEquals(Optional.of(CALLER), command.requester().userId());
        assertTrue(threads.stream().allMatch(name -> name.startsWith(PasswordHashingExecutor.NAME)),
                threads.toString());
    }

    @Test
    void aPasskeyAloneIsHandedOnAsItsJson() {
        when(reauthenticate.reauthenticate(any())).thenReturn(new ReauthenticateUseCase.Result.Reauthenticated("t"));

        assertEquals(200, post("{\"passkey\": {\"id\": \"AAAA\", \"response\": {}}}").code());

        assertEquals(Optional.empty(), command().password());
        assertTrue(command().passkey().orElseThrow().contains("\"id\":\"AAAA\""), command().passkey().toString());
    }

    @Test
    void halfAProofOrTwoNeverReachTheUseCase() {
        for (String body : List.of("{}", "{\"code\": \"123456\"}", "{\"password\": \"p\", \"passkey\": {}}",
                "{\"password\": \"p\", \"code\": \"123456\", \"recoveryCode\": \"ABCDE-FGH23\"}",
                "{\"password\": \"p\", \"code\": \"12345x\"}")) {
            HttpResponse<Map> response = post(body);
            assertEquals(400, response.code(), body);
            assertEquals("INVALID_INPUT", errorCode(response), body);
        }
        verify(reauthenticate, never()).reauthenticate(any());
    }

    @Test
    void eachRefusalIsAnsweredWithItsCode() {
        Map<ReauthenticateUseCase.Result, String> answers = Map.of(
                new ReauthenticateUseCase.Result.WrongProof(), "401 INVALID_CREDENTIALS",
                new ReauthenticateUseCase.Result.SecondFactorRequired(List.of(SecondFactorMethod.TOTP)),
                "401 SECOND_FACTOR_REQUIRED",
                new ReauthenticateUseCase.Result.TotpLocked(), "401 TOTP_LOCKED",
                new ReauthenticateUseCase.Result.SessionEnded(), "401 TOKEN_REVOKED",
                new ReauthenticateUseCase.Result.Throttled(Duration.ofMillis(1500)), "429 TOO_MANY_ATTEMPTS");
        answers.forEach((result, expected) -> {
            when(reauthenticate.reauthenticate(any())).thenReturn(result);

            HttpResponse<Map> response = post("{\"password\": \"the passphrase\"}");

            assertEquals(expected, response.code() + " " + errorCode(response), result.toString());
        });
        when(reauthenticate.reauthenticate(any())).thenReturn(
                new ReauthenticateUseCase.Result.Throttled(Duration.ofMillis(1500)));
        assertEquals("2", post("{\"password\": \"the passphrase\"}").header("Retry-After"));
    }
}
