package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.application.user.port.in.SetUserEmailUseCase;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Put;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import java.util.Optional;

/**
 * An administrator sets a user's email address, stored unverified unless it names the mailbox the user had, or
 * removes it. Each answers 204; 404 {@code USER_NOT_FOUND} for an unknown id or one that cannot be an id; 409
 * {@code EMAIL_TAKEN} for another user's mailbox.
 */
@Controller(AdminUsersController.PATH + "/{userId}/email")
@Secured("ADMIN")
class AdminUserEmailController implements AdminUserEmailApi {

    private final SetUserEmailUseCase setUserEmail;
    private final Requesters requesters;

    AdminUserEmailController(SetUserEmailUseCase setUserEmail, Requesters requesters) {
        this.setUserEmail = setUserEmail;
        this.requesters = requesters;
    }

    /** Body {@code {"email": ...}}. */
    @Override
    @Put
    @Status(HttpStatus.NO_CONTENT)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> setEmail(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId,
            @Body @Nullable JsonNode body) {
        UserId id = PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND);
        JsonNode json = JsonBody.object(body, "{\"email\": ...}");
        EmailAddress email = JsonBody.parse(() -> new EmailAddress(JsonBody.text(json, "email")));
        return set(request, authentication, id, Optional.of(email));
    }

    @Override
    @Delete
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> removeEmail(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId) {
        return set(request, authentication, PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND),
                Optional.empty());
    }

    private HttpResponse<Void> set(HttpRequest<?> request, Authentication authentication, UserId id,
                                   Optional<EmailAddress> email) {
        return setUserEmail.setUserEmail(new SetUserEmailUseCase.Command(id, email,
                        requesters.caller(request, authentication)))
                .match(changed -> HttpResponse.noContent(),
                        notFound -> {
                            throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                        },
                        taken -> {
                            throw new ApiException(AccountErrorCode.EMAIL_TAKEN);
                        });
    }
}
