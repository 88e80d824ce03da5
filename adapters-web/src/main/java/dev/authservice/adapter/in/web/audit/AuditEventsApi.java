package dev.authservice.adapter.in.web.audit;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.PageResponse;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.audit.AuditEventsController.AuditEventResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The OpenAPI description of {@link AuditEventsController}, apart from its code. */
@Tag(name = ApiDocs.TAG_ADMIN)
@ApiDocs.BearerToken
@ApiDocs.AdminRole
@ApiDocs.InternalError
interface AuditEventsApi {

    @Operation(summary = "The audit trail", description = "Security events, newest first. Each filter is optional; "
            + "from is inclusive and to exclusive. A sort parameter is 400 INVALID_PARAMETER: the order is fixed.")
    @ApiDocs.InvalidParameter
    @AuditEventPageEnvelope Envelope<@AuditEventPage PageResponse<AuditEventResponse>> events(
            @Parameter(description = ApiDocs.PAGE) String page,
            @Parameter(description = ApiDocs.SIZE) String size,
            @Parameter(description = "Not supported: the order is fixed, and any value is 400 INVALID_PARAMETER")
            String sort,
            @Parameter(description = "Only events of this type, such as LOGIN_FAILED") String type,
            @Parameter(description = "Only events about this user") String userId,
            @Parameter(description = "Only events at or after this ISO 8601 instant, such as 2025-03-01T10:00:00Z "
                    + "(percent-encode a + offset as %2B)") String from,
            @Parameter(description = "Only events before this ISO 8601 instant") String to);

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "AuditEventPage")
    @interface AuditEventPage {
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "AuditEventPageEnvelope")
    @interface AuditEventPageEnvelope {
    }
}
