package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.LogInUseCase.Result;
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
import io.micronaut.http.server.util.HttpClientAddressResolver;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;

@Controller("/api/login")
@Secured(SecurityRule.IS_ANONYMOUS)
class LogInController {

    private final LogInUseCase logIn;
    private final HttpClientAddressResolver clientAddress;

    LogInController(LogInUseCase logIn, HttpClientAddressResolver clientAddress) {
        this.logIn = logIn;
        this.clientAddress = clientAddress;
    }

    /** Blocking: the password hash takes tens of milliseconds of CPU on purpose. */
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> logIn(HttpRequest<?> request, @Body @Nullable LogInRequest body,
                          @Header(HttpHeaders.USER_AGENT) @Nullable String userAgent) {
        if (body == null) {
            throw new ApiException(ErrorCode.INVALID_INPUT, "the body must be {\"username\": ..., \"password\": ...}");
        }
        String address = clientAddress.resolve(request);
        Result result = logIn.logIn(new LogInUseCase.Command(
                Credentials.of(body.username(), body.password()), address == null ? "unknown" : address, userAgent));

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

    @Serdeable
    record LogInRequest(@Nullable String username, @Nullable String password) {
    }

    @Serdeable
    record LogInResponse(String message, String accessToken) {
    }
}
