package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.QueryParameters;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.application.user.port.in.CreateUserUseCase;
import dev.authservice.application.user.port.in.GetUserUseCase;
import dev.authservice.application.user.port.in.ListUsersUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The user accounts, for administrators: only a token carrying the ADMIN role gets in; any other valid token gets
 * 403. What an administrator can do to one account's access (disable, enable, end its sessions) is in
 * {@link AdminUserAccessController}.
 */
@Controller(AdminUsersController.PATH)
@Secured("ADMIN")
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.InternalError
public class AdminUsersController {

    public static final String PATH = "/api/admin/users";

    /** The sort keys of a user, as the API spells them. */
    private static final Map<String, UserAccount.SortKey> SORT_KEYS = Map.of("username", UserAccount.SortKey.USERNAME,
            "createdAt", UserAccount.SortKey.CREATED_AT);

    private final ListUsersUseCase listUsers;
    private final GetUserUseCase getUser;
    private final CreateUserUseCase createUser;
    private final Requesters requesters;

    AdminUsersController(ListUsersUseCase listUsers, GetUserUseCase getUser, CreateUserUseCase createUser,
                         Requesters requesters) {
        this.listUsers = listUsers;
        this.getUser = getUser;
        this.createUser = createUser;
        this.requesters = requesters;
    }

    @Get
    @Operation(summary = "The user accounts")
    @ApiDocs.InvalidParameter
    @ExecuteOn(TaskExecutors.BLOCKING)
    @UserPageEnvelope
    Envelope<@UserPage PageResponse<UserResponse>> users(
            @Parameter(description = ApiDocs.PAGE) @QueryValue @Nullable String page,
            @Parameter(description = ApiDocs.SIZE) @QueryValue @Nullable String size,
            @Parameter(description = "username or createdAt, then ,asc or ,desc") @QueryValue @Nullable String sort) {
        return listUsers.listUsers(new ListUsersUseCase.Query(
                        QueryParameters.sort(sort, SORT_KEYS, ListUsersUseCase.DEFAULT_SORT),
                        QueryParameters.pageRequest(page, size)))
                .match(listed -> Envelope.ok(PageResponse.of(listed.users(), UserResponse::of)));
    }

    /** An unknown id, or one that cannot be an id: 404 {@code USER_NOT_FOUND}. */
    @Get("/{userId}")
    @Operation(summary = "One user account")
    @ApiDocs.UserNotFound
    @ExecuteOn(TaskExecutors.BLOCKING)
    @UserEnvelope
    Envelope<UserResponse> user(@PathVariable String userId) {
        return getUser.getUser(new GetUserUseCase.Query(PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND)))
                .match(
                theUser -> Envelope.ok(UserResponse.of(theUser.user())),
                notFound -> {
                    throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                });
    }

    /**
     * Body {@code {"username", "password", "roles", "nickname", "department"}}, every field required: {@code roles}
     * has no default (a missing one is 400 {@code INVALID_INPUT}), so that an administrator always says which
     * permissions the new account gets. The password is hashed: on the password-hashing threads.
     */
    @Post
    @Operation(summary = "Create a user account", description = "Every field is required; roles has no default, "
            + "so that an administrator always says which permissions the new account gets.")
    // The 201's body is described from the return type, which the compiler holds to what is returned.
    @ApiResponse(responseCode = "201", description = "Created", useReturnTypeSchema = true,
            headers = @Header(name = "Location", description = "The new user's path",
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "409", description = "USERNAME_TAKEN",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInputOrWeakPassword
    @ApiDocs.JsonRequest
    @ApiDocs.HashingBusy
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    HttpResponse<@UserEnvelope Envelope<UserResponse>> create(
            HttpRequest<?> request, Authentication authentication, @Body @Nullable @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = ApiDocs.CreateUserRequest.class))) JsonNode body) {
        return createUser.createUser(command(body, requesters.caller(request, authentication))).match(
                created -> {
                    UserResponse user = UserResponse.of(created.user());
                    return HttpResponse.created(Envelope.ok(user), URI.create(PATH + "/" + user.userId()));
                },
                taken -> {
                    throw new ApiException(AccountErrorCode.USERNAME_TAKEN);
                },
                restricted -> {
                    throw new ApiException(CommonErrorCode.INVALID_INPUT, restricted.reason());
                },
                weak -> {
                    throw new ApiException(AccountErrorCode.WEAK_PASSWORD, weak.reason());
                });
    }

    /** The command refuses what no account could hold (too many roles, an over-long nickname): 400, like a bad field. */
    private static CreateUserUseCase.Command command(@Nullable JsonNode body, Requester requester) {
        JsonNode json = JsonBody.object(body, "{\"username\": ..., \"password\": ..., \"roles\": [...], "
                + "\"nickname\": ..., \"department\": ...}");
        Username username = JsonBody.parse(() -> new Username(JsonBody.text(json, "username")));
        Password password = JsonBody.password(json, "password");
        Set<Role> roles = JsonBody.parse(() -> JsonBody.texts(json, "roles").stream().map(Role::new)
                .collect(Collectors.toSet()));
        return JsonBody.parse(() -> new CreateUserUseCase.Command(username, password, roles,
                JsonBody.text(json, "nickname"), JsonBody.text(json, "department"), requester));
    }

    @Serdeable
    @Schema(name = "User")
    record UserResponse(String userId, String username, List<String> roles, String createdAt) {

        static UserResponse of(UserSummary user) {
            return new UserResponse(user.userId().toString(), user.username().value(),
                    user.roles().stream().map(Role::name).sorted().toList(), Timestamps.iso(user.createdAt()));
        }
    }

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "UserEnvelope")
    @interface UserEnvelope {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "UserPage")
    @interface UserPage {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "UserPageEnvelope")
    @interface UserPageEnvelope {
    }
}
