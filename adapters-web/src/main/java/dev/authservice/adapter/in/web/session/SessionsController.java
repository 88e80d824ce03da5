package dev.authservice.adapter.in.web.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.error.ApiException;
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
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.annotation.Status;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Optional;

/**
 * The caller's own sessions, as a device list shows them; whose sessions is taken from the token. Like every answer
 * under {@code /api}, never cached ({@code SecurityHeadersFilter}).
 */
@Controller("/api/user/sessions")
@Secured(SecurityRule.IS_AUTHENTICATED)
class SessionsController implements SessionsApi {

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
    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @SessionPageEnvelope Envelope<@SessionPage PageResponse<SessionResponse>> sessions(
            Authentication authentication,
            @QueryValue @Nullable String page,
            @QueryValue @Nullable String size,
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
    @Override
    @Delete("/{sessionId}")
    @Status(HttpStatus.NO_CONTENT)
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Void> end(
            HttpRequest<?> request,
            Authentication authentication,
            @PathVariable String sessionId) {
        return endSession.endSession(new EndSessionUseCase.Command(Caller.of(authentication).userId(),
                        PathIds.parse(sessionId, SessionId::of, SessionErrorCode.SESSION_NOT_FOUND),
                        requesters.caller(request, authentication)))
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
}
