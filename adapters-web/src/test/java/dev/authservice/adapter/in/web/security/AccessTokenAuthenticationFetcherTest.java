package dev.authservice.adapter.in.web.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.session.port.in.AuthenticateUseCase.Refusal;
import dev.authservice.application.session.port.in.AuthenticateUseCase.Result;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.SecurityFilter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Flux;

class AccessTokenAuthenticationFetcherTest {

    private final List<String> asked = new ArrayList<>();

    @ParameterizedTest(name = "[{0}] -> [{1}]")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "Bearer abc.def.ghi | abc.def.ghi",
            "bEaReR abc         | abc",
            "BEARER abc         | abc",
            "\"Bearer  abc\"    | \" abc\"",
            "Bearer             | \"\"",
            "\"Bearer \"        | \"\"",
            "Bearerabc          | \"\"",
            "Basic YWxpY2U=     | \"\"",
            "\"\"               | \"\"",
            "\"Bear\"           | \"\""})
    void readsTheTokenOfABearerCredentialOnly(String authorization, String token) {
        assertEquals(token, AccessTokenAuthenticationFetcher.bearerToken(authorization));
    }

    @Test
    void noHeaderIsNoToken() {
        assertEquals("", AccessTokenAuthenticationFetcher.bearerToken(null));
    }

    @Test
    void anAcceptedTokenGivesTheCallerAndIsLeftOnTheRequest() {
        AccessToken token = aliceToken();
        MutableHttpRequest<?> request = HttpRequest.GET("/api/user/profile").bearerAuth("a.b.c");

        List<Authentication> found = fetch(new Result.Authenticated(token), request);

        assertEquals(List.of("a.b.c"), asked);
        assertEquals(1, found.size());
        assertEquals("alice", found.get(0).getName());
        assertEquals(List.of("USER"), List.copyOf(found.get(0).getRoles()));
        assertEquals(Caller.of(token), Caller.of(found.get(0)));
        assertEquals("a.b.c", request.getAttribute(SecurityFilter.TOKEN, String.class).orElseThrow());
        assertTrue(request.getAttribute(TokenRefusal.ATTRIBUTE).isEmpty());
    }

    @Test
    void aRefusedTokenGivesNobodyAndLeavesTheReason() {
        MutableHttpRequest<?> request = HttpRequest.GET("/api/user/profile").bearerAuth("a.b.c");

        List<Authentication> found = fetch(new Result.Refused(Refusal.REVOKED), request);

        assertEquals(List.of(), found);
        assertEquals(Refusal.REVOKED, request.getAttribute(TokenRefusal.ATTRIBUTE, Refusal.class).orElseThrow());
        assertTrue(request.getAttribute(SecurityFilter.TOKEN).isEmpty());
    }

    @Test
    void noBearerTokenAsksNothing() {
        MutableHttpRequest<?> request = HttpRequest.GET("/api/user/profile").basicAuth("alice", "alice-password");

        assertEquals(List.of(), fetch(new Result.Refused(Refusal.INVALID), request));
        assertEquals(List.of(), asked);
        assertNull(request.getAttribute(TokenRefusal.ATTRIBUTE).orElse(null));
    }

    private List<Authentication> fetch(Result answer, HttpRequest<?> request) {
        AuthenticateUseCase useCase = query -> {
            asked.add(query.accessToken());
            return answer;
        };
        return Flux.from(new AccessTokenAuthenticationFetcher(useCase).fetchAuthentication(request))
                .collectList().block();
    }

    private static AccessToken aliceToken() {
        Instant now = Instant.now();
        return new AccessToken(UUID.randomUUID().toString(), "auth-service", new Username("alice"),
                new UserId(UUID.randomUUID()), new SessionId(UUID.randomUUID()), Set.of(Role.USER), "Alice", "Sales",
                now, now, now.plusSeconds(900), AuthenticationMethods.PASSWORD, now);
    }
}
