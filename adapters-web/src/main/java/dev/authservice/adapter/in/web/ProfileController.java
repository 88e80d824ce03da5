package dev.authservice.adapter.in.web;

import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorCode;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.port.in.GetProfileUseCase;
import dev.authservice.application.port.in.UserProfile;
import dev.authservice.domain.user.Role;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

@Controller("/api/user/profile")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
class ProfileController {

    private final GetProfileUseCase getProfile;

    ProfileController(GetProfileUseCase getProfile) {
        this.getProfile = getProfile;
    }

    @Get
    @Operation(summary = "The caller's profile")
    @ApiDocs.UserNotFound
    @ExecuteOn(TaskExecutors.BLOCKING)
    ApiResponse<ProfileResponse> profile(Authentication authentication) {
        return getProfile.profileOf(Caller.of(authentication).userId())
                .map(ProfileResponse::of)
                .map(ApiResponse::ok)
                .orElseThrow(() -> new ApiException(ErrorCode.USER_NOT_FOUND));
    }

    @Serdeable
    @Schema(name = "ProfileResponse")
    record ProfileResponse(String userId, String username, String nickname, String department, List<String> roles) {

        static ProfileResponse of(UserProfile profile) {
            return new ProfileResponse(profile.userId().toString(), profile.username().value(), profile.nickname(),
                    profile.department(), profile.roles().stream().map(Role::name).sorted().toList());
        }
    }
}
