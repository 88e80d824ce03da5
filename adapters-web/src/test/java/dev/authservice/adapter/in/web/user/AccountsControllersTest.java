package dev.authservice.adapter.in.web.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.application.session.port.in.AuthenticateUseCase;
import dev.authservice.application.user.port.in.ChangePasswordUseCase;
import dev.authservice.application.user.port.in.CreateUserUseCase;
import dev.authservice.application.user.port.in.GetUserUseCase;
import dev.authservice.application.user.port.in.ListUsersUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.network.ClientAddress;
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
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.test.annotation.MockBean;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * How the account paths map HTTP to their use cases and back, with the use cases mocked: what reaches them from a
 * body and a token, and how each of their results is answered. The whole service is tested over HTTP in bootstrap.
 */
@MicronautTest
class AccountsControllersTest {

    private static final UserId CALLER = new UserId(UUID.fromString("11111111-1111-1111-1111-111111111111"));
    private static final SessionId SESSION = new SessionId(UUID.fromString("22222222-2222-2222-2222-222222222222"));
    /** When the caller's session last proved who its user is, as its token says. */
    private static final Instant AUTHENTICATED_AT = Instant.parse("2026-12-01T09:58:00Z");

    @Inject
    @Client("/")
    HttpClient client;

    @Inject
    AuthenticateUseCase authenticate;
    @Inject
    CreateUserUseCase createUser;
    @Inject
    ChangePasswordUseCase changePassword;

    @MockBean(AuthenticateUseCase.class)
    AuthenticateUseCase authenticate() {
        return mock(AuthenticateUseCase.class);
    }

    @MockBean(CreateUserUseCase.class)
    CreateUserUseCase createUser() {
        return mock(CreateUserUseCase.class);
    }

    @MockBean(ChangePasswordUseCase.class)
    ChangePasswordUseCase changePassword() {
        return mock(ChangePasswordUseCase.class);
    }

    /** The other dependencies of the admin controller; these tests do not reach them. */
    @MockBean(ListUsersUseCase.class)
    ListUsersUseCase listUsers() {
        return mock(ListUsersUseCase.class);
    }

    @MockBean(GetUserUseCase.class)
    GetUserUseCase getUser() {
        return mock(GetUserUseCase.class);
    }

    @BeforeEach
    void tokens() {
        when(authenticate.authenticate(new AuthenticateUseCase.Query("admin-token"))).thenReturn(authenticated(Set.of(Role.USER, Role.ADMIN)));
        when(authenticate.authenticate(new AuthenticateUseCase.Query("user-token"))).thenReturn(authenticated(Set.of(Role.USER)));
    }

    private static AuthenticateUseCase.Result authenticated(Set<Role> roles) {
        Instant now = Instant.now();
        return new AuthenticateUseCase.Result.Authenticated(new AccessToken("jti", "auth-service",
                new Username("caller"), CALLER, SESSION, roles, "Caller", "Testing", now, now, now.plusSeconds(60),
                AuthenticationMethods.PASSWORD, AUTHENTICATED_AT));
    }

    private HttpResponse<Map> exchange(MutableHttpRequest<String> request, String token) {
        try {
            return client.toBlocking().exchange(request.contentType(MediaType.APPLICATION_JSON_TYPE)
                    .bearerAuth(token), Map.class);
        } catch (HttpClientResponseException e) {
            return (HttpResponse<Map>) e.getResponse();
        }
    }

    private static String errorCode(HttpResponse<Map> response) {
        return (String) ((Map<?, ?>) response.body().get("error")).get("code");
    }

    private static String errorMessage(HttpResponse<Map> response) {
        return (String) ((Map<?, ?>) response.body().get("error")).get("message");
    }

    @Test
    void aNewUserIsHandedToTheUseCaseAndAnsweredWithItsLocation() {
        UserId id = new UserId(UUID.fromString("33333333-3333-3333-3333-333333333333"));
        when(createUser.createUser(any())).thenReturn(new CreateUserUseCase.Result.Created(new UserSummary(id,
                new Username("carol"), Set.of(Role.USER), Instant.parse("2025-01-31T09:15:00.123456789Z"),
                Optional.empty())));

        HttpResponse<Map> response = exchange(HttpRequest.POST("/api/admin/users", "{\"username\":\"carol\","
                + "\"password\":\"a long enough passphrase\",\"roles\":[\"USER\",\"USER\"],\"nickname\":\"Carol\","
                + "\"department\":\"Support\"}"), "admin-token");

        assertEquals(201, response.code());
        assertEquals("/api/admin/users/" + id, response.header("Location"));
        Map<String, Object> user = new HashMap<>(Map.of("userId", id.toString(), "username", "carol",
                "roles", List.of("USER"), "createdAt", "2025-01-31T09:15:00.123Z", "emailVerified", false));
        user.put("email", null);
        assertEquals(user, response.body().get("data"));
        ArgumentCaptor<CreateUserUseCase.Command> command = ArgumentCaptor.forClass(CreateUserUseCase.Command.class);
        verify(createUser).createUser(command.capture());
        Requester requester = command.getValue().requester();
        assertEquals(new CreateUserUseCase.Command(new Username("carol"), new Password("a long enough passphrase"),
                Set.of(Role.USER), "Carol", "Support", Optional.empty(), requester), command.getValue());
        // The audit trail names the administrator of the token and the client they asked from.
        assertEquals(Optional.of(CALLER), requester.userId());
        assertEquals(new ClientAddress("127.0.0.1"), requester.clientAddress());
    }

    @Test
    void aWeakPasswordIsAnsweredWithThePolicysReason() {
        when(createUser.createUser(any())).thenReturn(new CreateUserUseCase.Result.WeakPassword("too short, say"));

        HttpResponse<Map> response = exchange(HttpRequest.POST("/api/admin/users", "{\"username\":\"carol\","
                + "\"password\":\"short\",\"roles\":[\"USER\"],\"nickname\":\"Carol\",\"department\":\"Support\"}"),
                "admin-token");

        assertEquals(400, response.code());
        assertEquals("WEAK_PASSWORD", errorCode(response));
        assertEquals("too short, say", errorMessage(response));
    }

    /** As a name the domain refuses is answered: the field is bad input, and the reason says why. */
    @Test
    void aNameANewAccountMayNotTakeIsBadInputWithTheReason() {
        when(createUser.createUser(any())).thenReturn(
                new CreateUserUseCase.Result.RestrictedUsername("username must not hold U+0299, say"));

        HttpResponse<Map> response = exchange(HttpRequest.POST("/api/admin/users", "{\"username\":\"\u0299ob\","
                + "\"password\":\"a long enough passphrase\",\"roles\":[\"USER\"],\"nickname\":\"Bob\","
                + "\"department\":\"Support\"}"), "admin-token");

        assertEquals(400, response.code());
        assertEquals("INVALID_INPUT", errorCode(response));
        assertEquals("username must not hold U+0299, say", errorMessage(response));
    }

    @Test
    void aBodyWithAnInvalidRoleNeverReachesTheUseCase() {
        HttpResponse<Map> response = exchange(HttpRequest.POST("/api/admin/users", "{\"username\":\"carol\","
                + "\"password\":\"a long enough passphrase\",\"roles\":[\"admin\"],\"nickname\":\"Carol\","
                + "\"department\":\"Support\"}"), "admin-token");

        assertEquals(400, response.code());
        assertEquals("INVALID_INPUT", errorCode(response));
        verify(createUser, never()).createUser(any());
    }

    /** Eight roles of 32 characters are 263 with their commas, more than an account keeps: 400, not the store's 500. */
    @Test
    void moreRolesThanAnAccountKeepsNeverReachTheUseCase() {
        String roles = IntStream.range(0, 8).mapToObj(i -> "\"R" + i + "_".repeat(30) + "\"")
                .collect(Collectors.joining(","));
        HttpResponse<Map> response = exchange(HttpRequest.POST("/api/admin/users", "{\"username\":\"carol\","
                + "\"password\":\"a long enough passphrase\",\"roles\":[" + roles + "],\"nickname\":\"Carol\","
                + "\"department\":\"Support\"}"), "admin-token");

        assertEquals(400, response.code());
        assertEquals("INVALID_INPUT", errorCode(response));
        verify(createUser, never()).createUser(any());
    }

    @Test
    void aUserWithoutAdminIsForbiddenBeforeAnythingIsRead() {
        HttpResponse<Map> response = exchange(HttpRequest.POST("/api/admin/users", "not even json"), "user-token");

        assertEquals(403, response.code());
        verify(createUser, never()).createUser(any());
    }

    @Test
    void aPasswordChangeActsForTheCallerOfTheToken() {
        when(changePassword.changePassword(any())).thenReturn(new ChangePasswordUseCase.Result.Changed());

        HttpResponse<Map> response = exchange(HttpRequest.PUT("/api/user/password",
                "{\"currentPassword\":\"the old passphrase\",\"newPassword\":\"the new passphrase\"}"), "user-token");

        assertEquals(204, response.code());
        ArgumentCaptor<ChangePasswordUseCase.Command> command =
                ArgumentCaptor.forClass(ChangePasswordUseCase.Command.class);
        verify(changePassword).changePassword(command.capture());
        assertEquals(CALLER, command.getValue().userId());
        assertEquals(SESSION, command.getValue().currentSession());
        assertEquals(AUTHENTICATED_AT, command.getValue().authenticatedAt());
        assertEquals(new Password("the old passphrase"), command.getValue().currentPassword());
        assertEquals(new Password("the new passphrase"), command.getValue().newPassword());
        assertEquals(Optional.of(CALLER), command.getValue().requester().userId());
    }

    /** Both hash a password: on its executor, as login does (PasswordHashingExecutorTest), not on the blocking one. */
    @Test
    void creatingAUserAndChangingAPasswordRunOnThePasswordHashingThreads() {
        List<String> threads = new CopyOnWriteArrayList<>();
        when(createUser.createUser(any())).thenAnswer(call -> {
            threads.add(Thread.currentThread().getName());
            return new CreateUserUseCase.Result.WeakPassword("too short");
        });
        when(changePassword.changePassword(any())).thenAnswer(call -> {
            threads.add(Thread.currentThread().getName());
            return new ChangePasswordUseCase.Result.Changed();
        });

        exchange(HttpRequest.POST("/api/admin/users", "{\"username\":\"carol\",\"password\":\"short\","
                + "\"roles\":[\"USER\"],\"nickname\":\"Carol\",\"department\":\"Support\"}"), "admin-token");
        exchange(HttpRequest.PUT("/api/user/password",
                "{\"currentPassword\":\"the old passphrase\",\"newPassword\":\"the new passphrase\"}"), "user-token");

        assertEquals(2, threads.size(), threads.toString());
        assertTrue(threads.stream().allMatch(name -> name.startsWith(PasswordHashingExecutor.NAME)),
                threads.toString());
    }

    @Test
    void aThrottledPasswordChangeIs429WithRetryAfterRoundedUp() {
        when(changePassword.changePassword(any())).thenReturn(new ChangePasswordUseCase.Result.Throttled(
                Duration.ofMillis(2001)));

        HttpResponse<Map> response = exchange(HttpRequest.PUT("/api/user/password",
                "{\"currentPassword\":\"the old passphrase\",\"newPassword\":\"the new passphrase\"}"), "user-token");

        assertEquals(429, response.code());
        assertEquals("TOO_MANY_ATTEMPTS", errorCode(response));
        assertEquals("3", response.header("Retry-After"));
    }

    /** RFC 9470's answer: the token is good, the proof of who its user is behind it too old for this change. */
    @Test
    void aPasswordChangeThatNeedsARecentProofIs401WithTheStepUpChallenge() {
        when(changePassword.changePassword(any())).thenReturn(
                new ChangePasswordUseCase.Result.ReauthenticationRequired());

        HttpResponse<Map> response = exchange(HttpRequest.PUT("/api/user/password",
                "{\"currentPassword\":\"the old passphrase\",\"newPassword\":\"the new passphrase\"}"), "user-token");

        assertEquals(401, response.code());
        assertEquals("REAUTHENTICATION_REQUIRED", errorCode(response));
        assertEquals("Bearer error=\"insufficient_user_authentication\", error_description=\"A more recent "
                + "authentication is required\"", response.header("WWW-Authenticate"));
    }
}
