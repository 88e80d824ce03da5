package dev.authservice.adapter.in.web.recovery;

import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.recovery.port.in.SendVerificationMailUseCase;
import dev.authservice.application.recovery.port.in.VerifyEmailUseCase;
import dev.authservice.domain.Require;
import dev.authservice.domain.Sha256;
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
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;

/**
 * An address's verification: anyone holding a mailed link posts its token, taken from the link's fragment, in the
 * body, so no request line a proxy logs holds it; the logged-in user asks for a new link.
 */
@Controller
class EmailVerificationController implements EmailVerificationApi {

    private final VerifyEmailUseCase verifyEmail;
    private final SendVerificationMailUseCase sendVerificationMail;
    private final Requesters requesters;

    EmailVerificationController(VerifyEmailUseCase verifyEmail, SendVerificationMailUseCase sendVerificationMail,
                                Requesters requesters) {
        this.verifyEmail = verifyEmail;
        this.sendVerificationMail = sendVerificationMail;
        this.requesters = requesters;
    }

    /** Body {@code {"token": ...}}. */
    @Override
    @Post("/api/email-verification")
    @Secured(SecurityRule.IS_ANONYMOUS)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> verifyEmail(HttpRequest<?> request, @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"token\": ...}");
        String token = JsonBody.parse(() -> Require.text("token", JsonBody.text(json, "token"),
                Sha256.MAX_PRESENTED_LENGTH));
        return verifyEmail.verifyEmail(new VerifyEmailUseCase.Command(token, requesters.anonymous(request)))
                .match(verified -> HttpResponse.noContent(),
                        tokenInvalid -> ErrorResponses.of(RecoveryErrorCode.VERIFICATION_TOKEN_INVALID));
    }

    /** No body: the link goes to the caller's own address. */
    @Override
    @Post("/api/user/email/verification-mail")
    @Secured(SecurityRule.IS_AUTHENTICATED)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> sendVerificationMail(HttpRequest<?> request, Authentication authentication) {
        return sendVerificationMail.sendVerificationMail(new SendVerificationMailUseCase.Command(
                        Caller.of(authentication).userId(), requesters.caller(request, authentication)))
                .match(sent -> HttpResponse.status(HttpStatus.ACCEPTED),
                        noAddress -> ErrorResponses.of(RecoveryErrorCode.NO_EMAIL_ADDRESS),
                        alreadyVerified -> ErrorResponses.of(RecoveryErrorCode.EMAIL_ALREADY_VERIFIED),
                        throttled -> ErrorResponses.of(RecoveryErrorCode.VERIFICATION_MAIL_THROTTLED,
                                throttled.retryAfter()));
    }
}
