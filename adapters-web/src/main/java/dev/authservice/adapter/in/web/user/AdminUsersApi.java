package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.user.AdminUsersController.UserDetailResponse;
import dev.authservice.adapter.in.web.user.AdminUsersController.UserResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.security.authentication.Authentication;
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

/** The OpenAPI description of {@link AdminUsersController}, apart from its code. */
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.InternalError
interface AdminUsersApi {

    @Operation(summary = "The user accounts")
    @ApiDocs.InvalidParameter
    @UserPageEnvelope Envelope<@UserPage PageResponse<UserResponse>> users(
            @Parameter(description = ApiDocs.PAGE) String page,
            @Parameter(description = ApiDocs.SIZE) String size,
            @Parameter(description = "username or createdAt, then ,asc or ,desc") String sort);

    @Operation(summary = "One user account", description = "With its email address (null for none) and whether "
            + "the mailbox was shown to be the user's.")
    @ApiDocs.UserNotFound
    @UserDetailEnvelope Envelope<UserDetailResponse> user(String userId);

    @Operation(summary = "Create a user account", description = "Every field is required but email; roles has no "
            + "default, so that an administrator always says which permissions the new account gets. An email "
            + "address given is stored unverified.")
    // The 201's body is described from the return type, which the compiler holds to what is returned.
    @ApiResponse(responseCode = "201", description = "Created", useReturnTypeSchema = true,
            headers = @Header(name = "Location", description = "The new user's path",
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "409", description = "USERNAME_TAKEN, or EMAIL_TAKEN: another account's email "
            + "address names the same mailbox",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.InvalidInputOrWeakPassword
    @ApiDocs.JsonRequest
    @ApiDocs.HashingBusy
    HttpResponse<@UserDetailEnvelope Envelope<UserDetailResponse>> create(
            HttpRequest<?> request,
            Authentication authentication,
            @RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = ApiDocs.CreateUserRequest.class))) JsonNode body);

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "UserDetailEnvelope")
    @interface UserDetailEnvelope {
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
