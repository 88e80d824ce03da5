package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.LogInUseCase.Result;
import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.user.Credentials;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import java.net.InetSocketAddress;

@Controller("/api/login")
@Secured(SecurityRule.IS_ANONYMOUS)
class LogInController {

    private final LogInUseCase logIn;

    LogInController(LogInUseCase logIn) {
        this.logIn = logIn;
    }

    /** Blocking: the password hash takes tens of milliseconds of CPU on purpose. */
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> logIn(HttpRequest<?> request, @Body @Nullable JsonNode body,
                          @Header(HttpHeaders.USER_AGENT) @Nullable String userAgent) {
        Result result = logIn.logIn(new LogInUseCase.Command(credentials(body), clientAddress(request), userAgent));

        if (result instanceof Result.LoggedIn loggedIn) {
            return RefreshTokenCookie.set(
                    HttpResponse.ok(new LogInResponse("Login successful", loggedIn.tokens().accessToken()))
                            .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                    loggedIn.tokens().refreshToken(), loggedIn.tokens().refreshTokenTtl());
        }
        if (result instanceof Result.Throttled throttled) {
            long seconds = Math.max(1, (throttled.retryAfter().toMillis() + 999) / 1000);
            return ErrorResponses.of(ErrorCode.TOO_MANY_ATTEMPTS)
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        }
        return ErrorResponses.of(ErrorCode.INVALID_CREDENTIALS);
    }

    /**
     * The peer of the connection. Forwarding headers are deliberately ignored: anyone can send them, and trusting
     * them would let an attacker escape the login throttle by changing {@code X-Forwarded-For} on every attempt.
     */
    private static String clientAddress(HttpRequest<?> request) {
        InetSocketAddress peer = request.getRemoteAddress();
        return peer.getAddress() != null ? peer.getAddress().getHostAddress() : peer.getHostString();
    }

    /**
     * Reads the body as a JSON tree rather than binding it to a record, because binding would quietly turn
     * {@code "username": 42} into {@code "42"}: a field of the wrong type is refused, not coerced.
     */
    private static Credentials credentials(@Nullable JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ApiException(ErrorCode.INVALID_INPUT, "the body must be {\"username\": ..., \"password\": ...}");
        }
        try {
            return Credentials.of(text(body, "username"), text(body, "password"));
        } catch (InvalidValueException e) {
            throw new ApiException(ErrorCode.INVALID_INPUT, e.getMessage());
        }
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            throw new ApiException(ErrorCode.INVALID_INPUT, field + " is required");
        }
        if (!value.isString()) {
            throw new ApiException(ErrorCode.INVALID_INPUT, field + " must be a string");
        }
        return value.getStringValue();
    }

    @Serdeable
    record LogInResponse(String message, String accessToken) {
    }
}
