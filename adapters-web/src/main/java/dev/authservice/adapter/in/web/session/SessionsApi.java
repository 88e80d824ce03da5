package dev.authservice.adapter.in.web.session;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.session.SessionsController.SessionResponse;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The OpenAPI description of {@link SessionsController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface SessionsApi {

    @Operation(summary = "The caller's active sessions", description = "Most recently used first; current is true "
            + "for the session of the token used.")
    @ApiDocs.InvalidParameter
    @SessionPageEnvelope Envelope<@SessionPage PageResponse<SessionResponse>> sessions(
            Authentication authentication,
            @Parameter(description = ApiDocs.PAGE) String page,
            @Parameter(description = ApiDocs.SIZE) String size,
            @Parameter(description = "Not supported: the order is fixed, and any value is 400 INVALID_PARAMETER")
            String sort);

    @Operation(summary = "Sign out one of the caller's sessions", description = "Its refresh and access tokens "
            + "stop working at once.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404",
            description = "SESSION_NOT_FOUND: no such session of the caller (another user's gets the same answer)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.CrossSiteForbidden
    HttpResponse<Void> end(HttpRequest<?> request, Authentication authentication, String sessionId);

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "SessionPage")
    @interface SessionPage {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "SessionPageEnvelope")
    @interface SessionPageEnvelope {
    }
}
