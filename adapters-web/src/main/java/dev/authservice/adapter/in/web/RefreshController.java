package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.adapter.in.web.error.ErrorResponses;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase.Result;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.CookieValue;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;

/** Authenticated by the refresh-token cookie alone; no Authorization header is expected here. */
@Controller(RefreshTokenCookie.PATH)
@Secured(SecurityRule.IS_ANONYMOUS)
class RefreshController {

    private final RefreshAccessTokenUseCase refresh;

    RefreshController(RefreshAccessTokenUseCase refresh) {
        this.refresh = refresh;
    }

    @Post
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> refresh(@CookieValue(RefreshTokenCookie.NAME) @Nullable String refreshToken) {
        if (refresh.refresh(refreshToken) instanceof Result.Refreshed refreshed) {
            return RefreshTokenCookie.set(
                    HttpResponse.ok(new RefreshResponse(refreshed.tokens().accessToken()))
                            .header(HttpHeaders.CACHE_CONTROL, "no-store"),
                    refreshed.tokens().refreshToken(), refreshed.tokens().refreshTokenTtl());
        }
        return RefreshTokenCookie.clear(ErrorResponses.of(ErrorCode.INVALID_REFRESH_TOKEN));
    }

    @Serdeable
    record RefreshResponse(String accessToken) {
    }
}
