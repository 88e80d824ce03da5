package dev.authservice.adapter.in.web.health;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.health.HealthController.Health;
import io.micronaut.http.HttpResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link HealthController}, apart from its code. */
@Tag(name = ApiDocs.TAG_OPS)
interface HealthApi {

    @Operation(summary = "Health", description = "UP when the database answers. Liveness, readiness and metrics are "
            + "on the management port (auth.management.port), not part of this API.", security = {})
    @ApiResponse(responseCode = "200", description = "The service is up",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = Health.class)))
    @ApiResponse(responseCode = "503", description = "The database does not answer",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = Health.class)))
    HttpResponse<Health> health();
}
