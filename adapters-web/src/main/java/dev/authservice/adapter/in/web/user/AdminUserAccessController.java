package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.application.secondfactor.port.in.ResetSecondFactorsUseCase;
import dev.authservice.application.user.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.user.port.in.SetUserEnabledUseCase;
import dev.authservice.domain.user.UserId;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;

/**
 * What an administrator can do to one account's access: disable it (it cannot log in, and every session of it ends
 * at once), enable it again, or end all its sessions. Each answers 204, or 404 {@code USER_NOT_FOUND} for an unknown
 * id or one that cannot be an id.
 */
@Controller(AdminUsersController.PATH + "/{userId}")
@Secured("ADMIN")
class AdminUserAccessController implements AdminUserAccessApi {

    private final SetUserEnabledUseCase setUserEnabled;
    private final RevokeUserSessionsUseCase revokeUserSessions;
    private final ResetSecondFactorsUseCase resetSecondFactors;
    private final Requesters requesters;

    AdminUserAccessController(SetUserEnabledUseCase setUserEnabled, RevokeUserSessionsUseCase revokeUserSessions,
                              ResetSecondFactorsUseCase resetSecondFactors, Requesters requesters) {
        this.setUserEnabled = setUserEnabled;
        this.revokeUserSessions = revokeUserSessions;
        this.resetSecondFactors = resetSecondFactors;
        this.requesters = requesters;
    }

    @Override
    @Post("/disable")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> disable(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId) {
        return setEnabled(request, authentication, userId, false);
    }

    @Override
    @Post("/enable")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> enable(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId) {
        return setEnabled(request, authentication, userId, true);
    }

    @Override
    @Delete("/sessions")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> revokeSessions(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId) {
        return revokeUserSessions.revokeUserSessions(new RevokeUserSessionsUseCase.Command(
                PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND),
                requesters.caller(request, authentication)))
                .match(revoked -> HttpResponse.noContent(), notFound -> userNotFound());
    }

    @Override
    @Delete("/second-factors")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> resetSecondFactors(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String userId) {
        return resetSecondFactors.resetSecondFactors(new ResetSecondFactorsUseCase.Command(
                PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND),
                requesters.caller(request, authentication)))
                .match(reset -> HttpResponse.noContent(), notFound -> userNotFound());
    }

    private HttpResponse<Void> setEnabled(HttpRequest<?> request, Authentication authentication, String userId,
                                          boolean enabled) {
        return setUserEnabled.setUserEnabled(new SetUserEnabledUseCase.Command(
                PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND), enabled,
                requesters.caller(request, authentication)))
                .match(done -> HttpResponse.noContent(), notFound -> userNotFound());
    }

    private static <T> T userNotFound() {
        throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
    }
}
