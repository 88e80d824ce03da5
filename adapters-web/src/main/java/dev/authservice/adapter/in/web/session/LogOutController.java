package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.session.port.in.LogOutUseCase;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Status;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;

@Controller("/api/logout")
@Secured(SecurityRule.IS_AUTHENTICATED)
class LogOutController implements LogOutApi {

    private final LogOutUseCase logOut;
    private final Requesters requesters;

    LogOutController(LogOutUseCase logOut, Requesters requesters) {
        this.logOut = logOut;
        this.requesters = requesters;
    }

    /** Ends the session of the access token used; its refresh tokens and access tokens are refused from now on. */
    @Override
    @Post
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> logOut(HttpRequest<?> request, Authentication authentication) {
        return logOut.logOut(new LogOutUseCase.Command(Caller.of(authentication).sessionId(),
                        requesters.caller(request, authentication)))
                .match(loggedOut -> RefreshTokenCookie.clear(HttpResponse.noContent()));
    }
}
