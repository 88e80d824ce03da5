package dev.authservice.adapter.in.web.user;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.adapter.in.web.session.ReauthenticationErrorCode;
import dev.authservice.application.user.port.in.ChangeMyEmailUseCase;
import dev.authservice.application.user.port.in.GetMyEmailUseCase;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.mail.EmailAddress;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Optional;

/**
 * The caller's own email address. It is read from the database, not from the token: no token carries it. Changing
 * it changes how the account is recovered, so it needs a recent proof of who the caller is, as a password change
 * does: else 401 {@code REAUTHENTICATION_REQUIRED}.
 */
@Controller("/api/user/email")
@Secured(SecurityRule.IS_AUTHENTICATED)
class EmailController implements EmailApi {

    private final GetMyEmailUseCase getMyEmail;
    private final ChangeMyEmailUseCase changeMyEmail;
    private final Requesters requesters;

    EmailController(GetMyEmailUseCase getMyEmail, ChangeMyEmailUseCase changeMyEmail, Requesters requesters) {
        this.getMyEmail = getMyEmail;
        this.changeMyEmail = changeMyEmail;
        this.requesters = requesters;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @EmailEnvelope Envelope<EmailResponse> email(Authentication authentication) {
        return getMyEmail.getMyEmail(new GetMyEmailUseCase.Query(Caller.of(authentication).userId()))
                .match(theEmail -> Envelope.ok(EmailResponse.of(theEmail.email())));
    }

    /** Body {@code {"email": ...}}. */
    @Override
    @Put
    @Status(HttpStatus.NO_CONTENT)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> changeEmail(
            HttpRequest<?> request,
            Authentication authentication,
            @Body @Nullable JsonNode body) {
        JsonNode json = JsonBody.object(body, "{\"email\": ...}");
        EmailAddress email = JsonBody.parse(() -> new EmailAddress(JsonBody.text(json, "email")));
        Caller caller = Caller.of(authentication);
        return changeMyEmail.changeMyEmail(new ChangeMyEmailUseCase.Command(caller.userId(), caller.sessionId(),
                        caller.authenticatedAt(), email, requesters.caller(request, authentication)))
                .match(changed -> HttpResponse.noContent(),
                        taken -> {
                            throw new ApiException(AccountErrorCode.EMAIL_TAKEN);
                        },
                        reauthenticationRequired -> {
                            throw ReauthenticationErrorCode.required();
                        });
    }

    /** The address as the user wrote it, {@code null} for none, and whether its mailbox was shown to be theirs. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "Email")
    record EmailResponse(@Nullable String email, boolean emailVerified) {

        static EmailResponse of(Optional<AccountEmail> email) {
            return new EmailResponse(email.map(held -> held.address().value()).orElse(null),
                    email.map(AccountEmail::verified).orElse(false));
        }
    }
}
