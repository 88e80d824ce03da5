package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.edge.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.domain.user.Credentials;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

@Controller("/api/login")
@Secured(SecurityRule.IS_ANONYMOUS)
@Tag(name = ApiDocs.TAG_AUTH)
@ApiDocs.InternalError
class LogInController {

    private final LogInUseCase logIn;
    private final Requesters requesters;

    LogInController(LogInUseCase logIn, Requesters requesters) {
        this.logIn = logIn;
        this.requesters = requesters;
    }

    /** On the password-hashing threads: the hash takes tens of milliseconds of CPU on purpose. */
    @Post
    @Operation(summary = "Log in", description = "Answers an access token, and the refresh token as an HttpOnly "
            + "cookie. A wrong password and an unknown username get the same 401.", security = {})
    @ApiResponse(responseCode = "200", description = "Logged in",
            headers = @Header(name = "Set-Cookie", description = RefreshTokenCookie.NAME
                    + "=<opaque>; Max-Age=<refresh ttl in s>; Path=" + RefreshTokenCookie.PATH
                    + "; Secure; HttpOnly; SameSite=Strict", schema = @Schema(type = "string")),
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = LogInResponse.class)))
    @ApiResponse(responseCode = "401", description = "INVALID_CREDENTIALS: wrong username or password",
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInput
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    HttpResponse<?> logIn(HttpRequest<?> request, @Body @Nullable @RequestBody(required = true, content = @Content(
                                  schema = @Schema(implementation = ApiDocs.LogInRequest.class))) JsonNode body) {
        return logIn.logIn(new LogInUseCase.Command(credentials(body), requesters.anonymous(request))).match(
                loggedIn -> RefreshTokenCookie.set(
                        HttpResponse.ok(new LogInResponse("Login successful", loggedIn.tokens().accessToken()))
                                .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                        loggedIn.tokens().refreshToken(), loggedIn.tokens().refreshTokenTtl()),
                invalidCredentials -> ErrorResponses.of(SessionErrorCode.INVALID_CREDENTIALS),
                throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()));
    }

    private static Credentials credentials(@Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"username\": ..., \"password\": ...}");
        return JsonBody.parse(() -> Credentials.of(JsonBody.text(json, "username"), JsonBody.text(json, "password")));
    }

    @Serdeable
    @Schema(name = "LogInResponse")
    record LogInResponse(String message, String accessToken) {
    }
}
