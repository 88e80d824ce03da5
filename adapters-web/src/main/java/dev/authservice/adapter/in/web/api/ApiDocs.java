package dev.authservice.adapter.in.web.api;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import dev.authservice.adapter.in.web.edge.Origin;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import java.lang.annotation.Documented;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.util.List;

/**
 * The parts of the OpenAPI description that many operations share, as meta-annotations micronaut-openapi reads like
 * the swagger annotations they carry: one line on a controller says "Bearer token required, and here is its 401".
 * Every error is documented with {@link ErrorEnvelope} ({@code success: false} and
 * {@code error: {code, message}}); the description names the codes it can carry.
 */
public final class ApiDocs {

    static final String BEARER = "bearerAuth";
    public static final String REFRESH_COOKIE = "refreshCookie";

    public static final String TAG_AUTH = "auth";
    public static final String TAG_USER = "user";
    public static final String TAG_ADMIN = "admin";
    public static final String TAG_OPS = "ops";

    public static final String JSON = "application/json";

    /** The description of a 204; put on the operation itself, so that no default 200 is added beside it. */
    public static final String DONE = "Done: no body";

    static final String FROM_ANOTHER_SITE = "a browser sent it for a page of another site (Sec-Fetch-Site: same-site "
            + "or cross-site, or an Origin other than this host and auth.http.allowed-origins); nothing was counted or "
            + "changed";

    /** The step-up's 401, for a path that says it beside other 401s of its own. */
    public static final String STEP_UP = "REAUTHENTICATION_REQUIRED: the session proved who its user is too long ago "
            + "for this change; POST /api/user/reauthentication, then send it again with the access token it answers";

    public static final String PAGE = "Page number, 0-indexed; default 0";
    public static final String SIZE = "Page size, 1 to 100; default 20";

    private ApiDocs() {
    }

    /** A protected path: needs the access token, and says which 401 it answers without a good one. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target({TYPE, METHOD})
    @SecurityRequirement(name = BEARER)
    @ApiResponse(responseCode = "401",
            description = "UNAUTHORIZED (no or malformed Authorization), INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED",
            headers = @Header(name = "WWW-Authenticate", description = "Bearer, or Bearer error=\"invalid_token\"",
                    schema = @Schema(type = "string")),
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface BearerToken {
    }

    /**
     * A change to how the caller signs in: their session must have proved who its user is within
     * {@code auth.step-up.max-age}, else 401 REAUTHENTICATION_REQUIRED with RFC 9470's challenge.
     */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "401",
            description = STEP_UP + "; or a token problem: UNAUTHORIZED, INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REVOKED",
            headers = @Header(name = "WWW-Authenticate", description = "Bearer error=\"insufficient_user_authentication"
                    + "\" for REAUTHENTICATION_REQUIRED; else Bearer, or Bearer error=\"invalid_token\"",
                    schema = @Schema(type = "string")),
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface StepUp {
    }

    /** Only for a token with the ADMIN role. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target({TYPE, METHOD})
    @ApiResponse(responseCode = "403",
            description = "FORBIDDEN: the token does not carry the ADMIN role; or, on a request that changes "
                    + "something, " + FROM_ANOTHER_SITE,
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface AdminRole {
    }

    /** A request that changes something: refused when a browser sends it for a page of another site. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "403",
            description = "FORBIDDEN: " + FROM_ANOTHER_SITE,
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface CrossSiteForbidden {
    }

    /** Anything unexpected; every operation can answer it. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target({TYPE, METHOD})
    @ApiResponse(responseCode = "500",
            description = "INTERNAL_ERROR",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface InternalError {
    }

    /** A JSON body: refused when too large or not JSON. Its 400 is on the operation, which knows its codes. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "413",
            description = "PAYLOAD_TOO_LARGE: the body is over 16 KiB",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiResponse(responseCode = "415",
            description = "UNSUPPORTED_MEDIA_TYPE: the body is not application/json, or its charset is not utf-8",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface JsonRequest {
    }

    /** Malformed JSON or not UTF-8, a missing, blank, wrong-typed or over-long field. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "400",
            description = "INVALID_INPUT: malformed JSON or not UTF-8, or a missing, blank, wrong-typed or over-long "
                    + "field",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface InvalidInput {
    }

    /** A body with a new password: bad input, or a password the rules refuse. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "400",
            description = "INVALID_INPUT (malformed JSON or not UTF-8, a missing, blank, wrong-typed or over-long "
                    + "field) or WEAK_PASSWORD (too short, too common or containing the username; the message says "
                    + "which)",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface InvalidInputOrWeakPassword {
    }

    /** A list with paging, sorting or filtering in the query. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "400",
            description = "INVALID_PARAMETER: a page or size out of range, an unknown sort or filter value",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface InvalidParameter {
    }

    /** Too many failed password checks for this username, or for any username, from this address. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "429",
            description = "TOO_MANY_ATTEMPTS: too many failed attempts for this username, or for any username, "
                    + "from this address",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface Throttled {
    }

    /** A path that hashes a password, refused at once when the password-hashing queue is full. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target(METHOD)
    @ApiResponse(responseCode = "503",
            description = "SERVICE_UNAVAILABLE: too many password hashes are waiting already",
            headers = @Header(name = "Retry-After", description = "Seconds to wait",
                    schema = @Schema(type = "integer")),
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface HashingBusy {
    }

    /** An administrator's path naming a user. */
    @Documented
    @Inherited
    @Retention(RUNTIME)
    @Target({TYPE, METHOD})
    @ApiResponse(responseCode = "404",
            description = "USER_NOT_FOUND: no user with this id, or not an id",
            content = @Content(mediaType = JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    public @interface UserNotFound {
    }

    /** The body of {@code POST /api/login}; the controller reads it as a JSON tree, so this only documents it. */
    @Schema(name = "LogInRequest")
    public record LogInRequest(String username, String password) {
    }

    /** The body of {@code PUT /api/user/password}. */
    @Schema(name = "ChangePasswordRequest")
    public record ChangePasswordRequest(String currentPassword, String newPassword) {
    }

    /** The body of {@code POST /api/admin/users}: every field required but the email address. */
    @Schema(name = "CreateUserRequest", requiredProperties = {"username", "password", "roles", "nickname",
            "department"})
    public record CreateUserRequest(String username, String password,
                             @Schema(example = "[\"USER\"]") List<String> roles,
                             String nickname, String department,
                             @Schema(nullable = true, example = "carol@example.com",
                                     description = "Stored unverified") String email) {
    }

    /** The body of {@code PUT /api/user/email} and {@code PUT /api/admin/users/{userId}/email}. */
    @Schema(name = "EmailRequest", requiredProperties = {"email"})
    public record EmailRequest(@Schema(example = "alice@example.com") String email) {
    }
}
