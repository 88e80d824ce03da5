package dev.authservice.adapter.in.web.recovery;

import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.user.AccountErrorCode;
import dev.authservice.application.recovery.port.in.RequestPasswordResetUseCase;
import dev.authservice.application.recovery.port.in.ResetPasswordUseCase;
import dev.authservice.domain.Require;
import dev.authservice.domain.Sha256;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.recovery.AccountIdentifier;
import dev.authservice.domain.user.Username;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.util.Optional;

/**
 * A forgotten password, for anyone: ask for a link by username or address, then set a new password with the token
 * the link carries in its fragment, posted in the body, so no request line a proxy logs holds it. The paths exist
 * only where resets are enabled ({@code auth.password-reset.enabled}); elsewhere they are 404.
 */
@Controller("/api/password-reset")
@Secured(SecurityRule.IS_ANONYMOUS)
@Requires(beans = {RequestPasswordResetUseCase.class, ResetPasswordUseCase.class})
class PasswordResetController implements PasswordResetApi {

    private final RequestPasswordResetUseCase requestReset;
    private final ResetPasswordUseCase resetPassword;
    private final Requesters requesters;

    PasswordResetController(RequestPasswordResetUseCase requestReset, ResetPasswordUseCase resetPassword,
                            Requesters requesters) {
        this.requestReset = requestReset;
        this.resetPassword = resetPassword;
        this.requesters = requesters;
    }

    /** Body {@code {"username": ...}} or {@code {"email": ...}}: 202 whether or not an account matched. */
    @Override
    @Post("/requests")
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> requestReset(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"username\": ...} or {\"email\": ...}");
        Optional<String> username = JsonBody.optionalText(json, "username");
        Optional<String> email = JsonBody.optionalText(json, "email");
        if (username.isPresent() == email.isPresent()) {
            throw new ApiException(CommonErrorCode.INVALID_INPUT, "give one of username and email");
        }
        AccountIdentifier identifier = username.isPresent()
                ? new AccountIdentifier.ByUsername(JsonBody.parse(() -> new Username(username.get())))
                : new AccountIdentifier.ByEmail(JsonBody.parse(() -> new EmailAddress(email.get())));
        return requestReset.requestPasswordReset(new RequestPasswordResetUseCase.Command(identifier,
                        requesters.anonymous(request)))
                .match(accepted -> HttpResponse.status(HttpStatus.ACCEPTED),
                        throttled -> ErrorResponses.of(RecoveryErrorCode.RESET_THROTTLED, throttled.retryAfter()));
    }

    /** Body {@code {"token": ..., "newPassword": ...}}, on the password-hashing threads. */
    @Override
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    public HttpResponse<?> resetPassword(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"token\": ..., \"newPassword\": ...}");
        String token = JsonBody.parse(() -> Require.text("token", JsonBody.text(json, "token"),
                Sha256.MAX_PRESENTED_LENGTH));
        return resetPassword.resetPassword(new ResetPasswordUseCase.Command(token,
                        JsonBody.password(json, "newPassword"), requesters.anonymous(request)))
                .match(reset -> HttpResponse.noContent(),
                        tokenInvalid -> ErrorResponses.of(RecoveryErrorCode.RESET_TOKEN_INVALID),
                        weak -> {
                            throw new ApiException(AccountErrorCode.WEAK_PASSWORD, weak.reason());
                        });
    }
}
