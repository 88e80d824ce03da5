package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.adapter.in.web.session.SessionErrorCode;
import dev.authservice.application.user.port.in.ChangePasswordUseCase;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Put;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/**
 * The caller changes their own password. The session of the token used stays; every other session of the user ends.
 * A wrong current password is 401 {@code INVALID_CREDENTIALS} and counts toward the login throttle of the caller's
 * username and address, so this path is no way around it.
 */
@Controller("/api/user/password")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.InternalError
class PasswordController {

    private final ChangePasswordUseCase changePassword;
    private final Requesters requesters;

    PasswordController(ChangePasswordUseCase changePassword, Requesters requesters) {
        this.changePassword = changePassword;
        this.requesters = requesters;
    }

    /** Body {@code {"currentPassword": ..., "newPassword": ...}}, on the password-hashing threads. */
    @Put
    @Operation(summary = "Change the caller's password", description = "Every other session of the user ends; the one "
            + "of the token used stays. A wrong current password counts toward the login throttle. A change to how "
            + "the user signs in: it needs a recent proof of who they are (POST /api/user/reauthentication).")
    @ApiDocs.BearerToken
    @ApiResponse(responseCode = "401", description = "INVALID_CREDENTIALS (wrong current password); "
            + ApiDocs.STEP_UP + "; or a token problem: UNAUTHORIZED, INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED",
            content = @Content(mediaType = ApiDocs.JSON,
                    schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiDocs.InvalidInputOrWeakPassword
    @ApiDocs.JsonRequest
    @ApiDocs.Throttled
    @ApiDocs.CrossSiteForbidden
    @ApiDocs.HashingBusy
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    HttpResponse<?> changePassword(HttpRequest<?> request, Authentication authentication,
                                   @Body @Nullable @RequestBody(required = true, content = @Content(
                                           schema = @Schema(implementation = ApiDocs.ChangePasswordRequest.class)))
                                   JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"currentPassword\": ..., \"newPassword\": ...}");
        Caller caller = Caller.of(authentication);
        return changePassword.changePassword(new ChangePasswordUseCase.Command(caller.userId(), caller.sessionId(),
                        caller.authenticatedAt(), JsonBody.password(json, "currentPassword"),
                        JsonBody.password(json, "newPassword"), requesters.caller(request, authentication)))
                .match(changed -> HttpResponse.noContent(),
                        invalidCredentials -> ErrorResponses.of(SessionErrorCode.INVALID_CREDENTIALS),
                        throttled -> ErrorResponses.tooManyAttempts(throttled.retryAfter()),
                        weak -> ErrorResponses.of(AccountErrorCode.WEAK_PASSWORD, weak.reason()),
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }
}
