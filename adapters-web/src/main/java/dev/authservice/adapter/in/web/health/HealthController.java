package dev.authservice.adapter.in.web.health;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.application.health.port.in.CheckHealthUseCase;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

/**
 * The contract's {@code GET /health} on the main port: 200 {@code {"status": "UP"}} when the stores answer, 503
 * {@code {"status": "DOWN"}} when they do not. Liveness, readiness and metrics listen on the management port.
 */
@Controller("/health")
@Secured(SecurityRule.IS_ANONYMOUS)
@Tag(name = ApiDocs.TAG_OPS)
class HealthController {

    private static final Health UP = new Health("UP");
    private static final Health DOWN = new Health("DOWN");

    private final CheckHealthUseCase checkHealth;

    HealthController(CheckHealthUseCase checkHealth) {
        this.checkHealth = checkHealth;
    }

    @Get
    @Operation(summary = "Health", description = "UP when the database answers. Liveness, readiness and metrics are "
            + "on the management port (auth.management.port), not part of this API.", security = {})
    @ApiResponse(responseCode = "200", description = "The service is up",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = Health.class)))
    @ApiResponse(responseCode = "503", description = "The database does not answer",
            content = @Content(mediaType = ApiDocs.JSON, schema = @Schema(implementation = Health.class)))
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<Health> health() {
        return checkHealth.checkHealth(new CheckHealthUseCase.Query()).match(
                up -> HttpResponse.ok(UP),
                down -> HttpResponse.status(HttpStatus.SERVICE_UNAVAILABLE).body(DOWN));
    }

    /** @param status {@code UP} or {@code DOWN} */
    @Serdeable
    @Schema(name = "Health")
    record Health(String status) {
    }
}
