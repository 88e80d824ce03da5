package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.adapter.in.web.session.SessionErrorCode;
import dev.authservice.application.user.port.in.ChangePasswordUseCase;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;

/**
 * The caller changes their own password. The session of the token used stays; every other session of the user ends.
 * A wrong current password is 401 {@code INVALID_CREDENTIALS} and counts toward the login throttle of the caller's
 * username and address, so this path is no way around it.
 */
@Controller("/api/user/password")
@Secured(SecurityRule.IS_AUTHENTICATED)
class PasswordController implements PasswordApi {

    private final ChangePasswordUseCase changePassword;
    private final Requesters requesters;

    PasswordController(ChangePasswordUseCase changePassword, Requesters requesters) {
        this.changePassword = changePassword;
        this.requesters = requesters;
    }

    /** Body {@code {"currentPassword": ..., "newPassword": ...}}, on the password-hashing threads. */
    @Override
    @Put
    @Status(HttpStatus.NO_CONTENT)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    public HttpResponse<Void> changePassword(
            HttpRequest<?> request,
            Authentication authentication,
            @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"currentPassword\": ..., \"newPassword\": ...}");
        Caller caller = Caller.of(authentication);
        return changePassword.changePassword(new ChangePasswordUseCase.Command(caller.userId(), caller.sessionId(),
                        caller.authenticatedAt(), JsonBody.password(json, "currentPassword"),
                        JsonBody.password(json, "newPassword"), requesters.caller(request, authentication)))
                .match(changed -> HttpResponse.noContent(),
                        invalidCredentials -> {
                            throw new ApiException(SessionErrorCode.INVALID_CREDENTIALS);
                        },
                        throttled -> {
                            throw new ApiException(CommonErrorCode.TOO_MANY_ATTEMPTS, throttled.retryAfter());
                        },
                        weak -> {
                            throw new ApiException(AccountErrorCode.WEAK_PASSWORD, weak.reason());
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }
}
