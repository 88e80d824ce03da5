package dev.authservice.adapter.in.web;

import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.UserSummary;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/** An example of a permission check: only a token carrying the ADMIN role gets in; any other valid token gets 403. */
@Controller("/api/admin/users")
@Secured("ADMIN")
class AdminUsersController {

    private final ListUsersUseCase listUsers;

    AdminUsersController(ListUsersUseCase listUsers) {
        this.listUsers = listUsers;
    }

    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    ApiResponse<PageResponse<UserResponse>> users(@QueryValue @Nullable String page,
                                                  @QueryValue @Nullable String size,
                                                  @QueryValue @Nullable String sort) {
        return ApiResponse.ok(PageResponse.of(
                listUsers.listUsers(QueryParameters.pageRequest(page, size, sort, UserAccount.SORTABLE,
                        ListUsersUseCase.DEFAULT_SORT)),
                UserResponse::of));
    }

    @Serdeable
    record UserResponse(String userId, String username, List<String> roles, String createdAt) {

        static UserResponse of(UserSummary user) {
            return new UserResponse(user.userId().toString(), user.username().value(),
                    user.roles().stream().map(Role::name).sorted().toList(), user.createdAt().toString());
        }
    }
}
