package dev.authservice.adapter.in.web.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.request.QueryParameters;
import dev.authservice.application.audit.port.in.ListAuditEventsUseCase;
import dev.authservice.domain.audit.AuditEventFilter;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Optional;

/**
 * The audit trail, for administrators: the recorded security events, newest first, filtered by type, user and time
 * window. Routine token refreshes are counted in the metrics, not recorded here (unless configured otherwise).
 */
@Controller("/api/admin/audit-events")
@Secured("ADMIN")
class AuditEventsController implements AuditEventsApi {

    private final ListAuditEventsUseCase listEvents;

    AuditEventsController(ListAuditEventsUseCase listEvents) {
        this.listEvents = listEvents;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @AuditEventPageEnvelope Envelope<@AuditEventPage PageResponse<AuditEventResponse>> events(
            @QueryValue @Nullable String page,
            @QueryValue @Nullable String size,
            @QueryValue @Nullable String sort,
            @QueryValue @Nullable String type,
            @QueryValue @Nullable String userId,
            @QueryValue @Nullable String from,
            @QueryValue @Nullable String to) {
        QueryParameters.refuseSort(sort, "audit events are always listed newest first");
        AuditEventFilter filter = QueryParameters.parse(() -> new AuditEventFilter(
                Optional.ofNullable(type).map(text -> SecurityEventType.parse("type", text)),
                Optional.ofNullable(userId).map(text -> QueryParameters.userId("userId", text)),
                Optional.ofNullable(from).map(text -> QueryParameters.instant("from", text)),
                Optional.ofNullable(to).map(text -> QueryParameters.instant("to", text))));
        return listEvents.listAuditEvents(
                        new ListAuditEventsUseCase.Query(filter, QueryParameters.pageRequest(page, size)))
                .match(listed -> Envelope.ok(PageResponse.of(listed.events(), AuditEventResponse::of)));
    }

    /**
     * {@code userId}: whom the event is about; {@code actorId}: the user of the token that asked (the same user for
     * their own logout or password change, an administrator for an account change; null before a login and for the
     * service itself). {@code sessionsEnded}: for events that end sessions, how many. Absent details are {@code null}.
     */
    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "AuditEvent")
    record AuditEventResponse(String type, String occurredAt, @Nullable String userId, @Nullable String sessionId,
                              @Nullable String actorId, @Nullable String clientAddress, @Nullable String userAgent,
                              @Nullable String outcome, @Nullable Integer sessionsEnded) {

        static AuditEventResponse of(SecurityEvent event) {
            return new AuditEventResponse(event.type().name(), Timestamps.iso(event.occurredAt()),
                    event.userId().map(UserId::toString).orElse(null),
                    event.sessionId().map(SessionId::toString).orElse(null),
                    event.requester().userId().map(UserId::toString).orElse(null),
                    Optional.ofNullable(event.requester().clientAddress()).map(ClientAddress::value).orElse(null),
                    event.requester().userAgent(),
                    event.outcome().map(AuditOutcome::name).orElse(null),
                    event.sessionsEnded().map(SecurityEvent.SessionsEnded::count).orElse(null));
        }
    }
}
