package dev.authservice.adapter.in.web.user;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.edge.hashing.PasswordHashingExecutor;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.CommonErrorCode;
import dev.authservice.adapter.in.web.request.JsonBody;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.QueryParameters;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.application.user.port.in.CreateUserUseCase;
import dev.authservice.application.user.port.in.GetUserUseCase;
import dev.authservice.application.user.port.in.ListUsersUseCase;
import dev.authservice.application.user.port.in.UserSummary;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.user.AccountEmail;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.annotation.Status;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The user accounts, for administrators: only a token carrying the ADMIN role gets in; any other valid token gets
 * 403. What an administrator can do to one account's access (disable, enable, end its sessions) is in
 * {@link AdminUserAccessController}.
 */
@Controller(AdminUsersController.PATH)
@Secured("ADMIN")
public class AdminUsersController implements AdminUsersApi {

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

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @UserPageEnvelope Envelope<@UserPage PageResponse<UserResponse>> users(
            @QueryValue @Nullable String page,
            @QueryValue @Nullable String size,
            @QueryValue @Nullable String sort) {
        return listUsers.listUsers(new ListUsersUseCase.Query(
                        QueryParameters.sort(sort, SORT_KEYS, ListUsersUseCase.DEFAULT_SORT),
                        QueryParameters.pageRequest(page, size)))
                .match(listed -> Envelope.ok(PageResponse.of(listed.users(), UserResponse::of)));
    }

    /** An unknown id, or one that cannot be an id: 404 {@code USER_NOT_FOUND}. */
    @Override
    @Get("/{userId}")
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @UserDetailEnvelope Envelope<UserDetailResponse> user(@PathVariable String userId) {
        UserId id = PathIds.parse(userId, UserId::of, AccountErrorCode.USER_NOT_FOUND);
        return getUser.getUser(new GetUserUseCase.Query(id)).match(
                theUser -> Envelope.ok(UserDetailResponse.of(theUser.user())),
                notFound -> {
                    throw new ApiException(AccountErrorCode.USER_NOT_FOUND);
                });
    }

    /**
     * Body {@code {"username", "password", "roles", "nickname", "department", "email"}}, every field required but the
     * email address: {@code roles} has no default (a missing one is 400 {@code INVALID_INPUT}), so that an
     * administrator always says which permissions the new account gets. The password is hashed: on the
     * password-hashing threads.
     */
    @Override
    @Post
    @Status(HttpStatus.CREATED)
    @Consumes(MediaType.APPLICATION_JSON)
    @ExecuteOn(PasswordHashingExecutor.NAME)
    public HttpResponse<@UserDetailEnvelope Envelope<UserDetailResponse>> create(
            HttpRequest<?> request,
            Authentication authentication,
            @Body @Nullable JsonNode body) {
        return createUser.createUser(command(body, requesters.caller(request, authentication))).match(
                created -> {
                    UserDetailResponse user = UserDetailResponse.of(created.user());
                    return HttpResponse.created(Envelope.ok(user), URI.create(PATH + "/" + user.userId()));
                },
                taken -> {
                    throw new ApiException(AccountErrorCode.USERNAME_TAKEN);
                },
                emailTaken -> {
                    throw new ApiException(AccountErrorCode.EMAIL_TAKEN);
                },
                restricted -> {
                    throw new ApiException(CommonErrorCode.INVALID_INPUT, restricted.reason());
                },
                weak -> {
                    throw new ApiException(AccountErrorCode.WEAK_PASSWORD, weak.reason());
                });
    }

    /**
     * The command refuses what no account could hold (too many roles, an over-long nickname): 400, like a bad field.
     */
    private static CreateUserUseCase.Command command(@Nullable JsonNode body, Requester requester) {
        JsonNode json = JsonBody.object(body, "{\"username\": ..., \"password\": ..., \"roles\": [...], "
                + "\"nickname\": ..., \"department\": ..., \"email\": ... (optional)}");
        Username username = JsonBody.parse(() -> new Username(JsonBody.text(json, "username")));
        Password password = JsonBody.password(json, "password");
        Set<Role> roles = JsonBody.parse(() -> JsonBody.texts(json, "roles").stream().map(Role::new)
                .collect(Collectors.toSet()));
        Optional<EmailAddress> email = JsonBody.parse(() -> JsonBody.optionalText(json, "email")
                .map(EmailAddress::new));
        return JsonBody.parse(() -> new CreateUserUseCase.Command(username, password, roles,
                JsonBody.text(json, "nickname"), JsonBody.text(json, "department"), email, requester));
    }

    /** A user in a list: the contract's fields, without an email address. */
    @Serdeable
    @Schema(name = "User")
    record UserResponse(String userId, String username, List<String> roles, String createdAt) {

        static UserResponse of(UserSummary user) {
            return new UserResponse(user.userId().toString(), user.username().value(),
                    user.roles().stream().map(Role::name).sorted().toList(), Timestamps.iso(user.createdAt()));
        }
    }

    /** One user, with their email address ({@code null} for none) and whether it is verified. */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "UserDetail")
    record UserDetailResponse(String userId, String username, List<String> roles, String createdAt,
                              @Nullable String email, boolean emailVerified) {

        static UserDetailResponse of(UserSummary user) {
            UserResponse summary = UserResponse.of(user);
            return new UserDetailResponse(summary.userId(), summary.username(), summary.roles(), summary.createdAt(),
                    user.email().map(email -> email.address().value()).orElse(null),
                    user.email().map(AccountEmail::verified).orElse(false));
        }
    }
}
