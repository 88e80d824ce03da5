package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.RefreshTokenCookie;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase.Command;
import dev.authservice.application.session.port.in.RefreshAccessTokenUseCase;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.CookieValue;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** Authenticated by the refresh-token cookie alone; no Authorization header is expected here. */
@Controller(RefreshTokenCookie.PATH)
@Secured(SecurityRule.IS_ANONYMOUS)
class RefreshController implements RefreshApi {

    private final RefreshAccessTokenUseCase refresh;
    private final Requesters requesters;

    RefreshController(RefreshAccessTokenUseCase refresh, Requesters requesters) {
        this.refresh = refresh;
        this.requesters = requesters;
    }

    @Override
    @Post
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<?> refresh(
            HttpRequest<?> request,
            @CookieValue(RefreshTokenCookie.NAME) @Nullable String refreshToken) {
        return refresh.refreshAccessToken(Command.of(refreshToken, requesters.anonymous(request))).match(
                refreshed -> RefreshTokenCookie.set(
                        HttpResponse.ok(new RefreshResponse(refreshed.tokens().accessToken()))
                                .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                        refreshed.tokens().refreshToken(), refreshed.tokens().refreshTokenTtl()),
                refused -> RefreshTokenCookie.clear(ErrorResponses.of(SessionErrorCode.INVALID_REFRESH_TOKEN)));
    }

    @Serdeable
    @Schema(name = "RefreshResponse")
    record RefreshResponse(String accessToken) {
    }
}
