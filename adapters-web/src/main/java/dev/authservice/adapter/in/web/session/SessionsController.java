package dev.authservice.adapter.in.web.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.error.ApiException;
import dev.authservice.adapter.in.web.error.ErrorEnvelope;
import dev.authservice.adapter.in.web.request.PathIds;
import dev.authservice.adapter.in.web.request.QueryParameters;
import dev.authservice.adapter.in.web.request.Requesters;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.session.port.in.EndSessionUseCase;
import dev.authservice.application.session.port.in.ListMySessionsUseCase.SessionView;
import dev.authservice.application.session.port.in.ListMySessionsUseCase;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
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
import java.util.Optional;

/**
 * The caller's own sessions, as a device list shows them; whose sessions is taken from the token. Like every answer
 * under {@code /api}, never cached ({@code SecurityHeadersFilter}).
 */
@Controller("/api/user/sessions")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
class SessionsController {

    private final ListMySessionsUseCase listSessions;
    private final EndSessionUseCase endSession;
    private final Requesters requesters;

    SessionsController(ListMySessionsUseCase listSessions, EndSessionUseCase endSession, Requesters requesters) {
        this.listSessions = listSessions;
        this.endSession = endSession;
        this.requesters = requesters;
    }

    /**
     * Query {@code page} and {@code size} as for the other lists. The order is fixed, most recently used first: a
     * {@code sort} parameter is 400 {@code INVALID_PARAMETER} rather than silently ignored.
     */
    @Get
    @Operation(summary = "The caller's active sessions", description = "Most recently used first; current is true "
            + "for the session of the token used.")
    @ApiDocs.InvalidParameter
    @ExecuteOn(TaskExecutors.BLOCKING)
    @SessionPageEnvelope
    Envelope<@SessionPage PageResponse<SessionResponse>> sessions(
            Authentication authentication,
            @Parameter(description = ApiDocs.PAGE) @QueryValue @Nullable String page,
            @Parameter(description = ApiDocs.SIZE) @QueryValue @Nullable String size,
            @Parameter(description = "Not supported: the order is fixed, and any value is 400 INVALID_PARAMETER")
            @QueryValue @Nullable String sort) {
        QueryParameters.refuseSort(sort, "sessions are always listed most recently used first");
        Caller caller = Caller.of(authentication);
        return listSessions.listMySessions(new ListMySessionsUseCase.Query(caller.userId(), caller.sessionId(),
                        QueryParameters.pageRequest(page, size)))
                .match(listed -> Envelope.ok(PageResponse.of(listed.sessions(), SessionResponse::of)));
    }

    /**
     * "Sign out this device": 204, and that session's refresh and access tokens stop working. An unknown id, one
     * that cannot be an id and another user's session all get the same 404 {@code SESSION_NOT_FOUND}.
     */
    @Delete("/{sessionId}")
    @Operation(summary = "Sign out one of the caller's sessions", description = "Its refresh and access tokens "
            + "stop working at once.")
    @ApiResponse(responseCode = "204", description = ApiDocs.DONE)
    @ApiResponse(responseCode = "404",
            description = "SESSION_NOT_FOUND: no such session of the caller (another user's gets the same answer)",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = ErrorEnvelope.class)))
    @ApiDocs.CrossSiteForbidden
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<?> end(HttpRequest<?> request, Authentication authentication, @PathVariable String sessionId) {
        return endSession.endSession(new EndSessionUseCase.Command(Caller.of(authentication).userId(),
                        PathIds.parse(sessionId, SessionId::of, SessionErrorCode.SESSION_NOT_FOUND), requesters.caller(request, authentication)))
                .match(ended -> HttpResponse.noContent(), notFound -> {
                    throw new ApiException(SessionErrorCode.SESSION_NOT_FOUND);
                });
    }

    /** Client details are {@code null} when the login request did not say (no User-Agent header, for one). */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "Session")
    record SessionResponse(String sessionId, String createdAt, String lastUsedAt, @Nullable String ipAddress,
                           @Nullable String userAgent, boolean current) {

        static SessionResponse of(SessionView view) {
            Session session = view.session().session();
            return new SessionResponse(session.id().toString(), Timestamps.iso(session.createdAt()),
                    Timestamps.iso(view.session().lastUsedAt()),
                    Optional.ofNullable(session.clientAddress()).map(ClientAddress::value).orElse(null),
                    session.userAgent(), view.current());
        }
    }

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
