package dev.authservice.adapter.in.web.recovery;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.user.AccountErrorCode;
import dev.authservice.application.recovery.port.in.SendSignUpMailUseCase;
import dev.authservice.application.recovery.port.in.SignUpUseCase;
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
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;

/**
 * Sign-up, for anyone: ask for an account, and for its verification link again. Both answer 202 whoever they name;
 * bad input is 400 before anything is counted or stored. The paths exist only where sign-up is enabled
 * ({@code auth.sign-up.enabled}); elsewhere they are 404, which is how the browser client tells whether to offer it.
 */
@Controller("/api/sign-up")
@Secured(SecurityRule.IS_ANONYMOUS)
@Requires(beans = {SignUpUseCase.class, SendSignUpMailUseCase.class})
class SignUpController implements SignUpApi {

    private final SignUpUseCase signUp;
    private final SendSignUpMailUseCase sendSignUpMail;
    private final Requesters requesters;

    SignUpController(SignUpUseCase signUp, SendSignUpMailUseCase sendSignUpMail, Requesters requesters) {
        this.signUp = signUp;
        this.sendSignUpMail = sendSignUpMail;
        this.requesters = requesters;
    }

    /** 204: sign-up is on here. */
    @Override
    @Get
    public HttpResponse<?> enabled() {
        return HttpResponse.noContent();
    }

    /** Body {@code {"username": ..., "email": ..., "password": ...}}: 202 whether or not either is taken. */
    @Override
    @Post
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> signUp(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"username\": ..., \"email\": ..., \"password\": ...}");
        Username username = JsonBody.parse(() -> new Username(JsonBody.text(json, "username")));
        EmailAddress email = JsonBody.parse(() -> new EmailAddress(JsonBody.text(json, "email")));
        return signUp.signUp(new SignUpUseCase.Command(username, email, JsonBody.password(json, "password"),
                        requesters.anonymous(request)))
                .match(accepted -> HttpResponse.status(HttpStatus.ACCEPTED),
                        restricted -> {
                            throw new ApiException(CommonErrorCode.INVALID_INPUT, restricted.reason());
                        },
                        weak -> {
                            throw new ApiException(AccountErrorCode.WEAK_PASSWORD, weak.reason());
                        },
                        throttled -> ErrorResponses.of(RecoveryErrorCode.SIGN_UP_THROTTLED, throttled.retryAfter()));
    }

    /** Body {@code {"identifier": ...}}, a username or an address: 202 whoever it names. */
    @Override
    @Post("/verification-mail")
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> sendVerificationMail(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"identifier\": ...}");
        String identifier = JsonBody.text(json, "identifier").strip();
        AccountIdentifier named = identifier.contains("@")
                ? new AccountIdentifier.ByEmail(JsonBody.parse(() -> new EmailAddress(identifier)))
                : new AccountIdentifier.ByUsername(JsonBody.parse(() -> new Username(identifier)));
        return sendSignUpMail.sendSignUpMail(new SendSignUpMailUseCase.Command(named, requesters.anonymous(request)))
                .match(accepted -> HttpResponse.status(HttpStatus.ACCEPTED),
                        throttled -> ErrorResponses.of(RecoveryErrorCode.SIGN_UP_THROTTLED, throttled.retryAfter()));
    }
}
