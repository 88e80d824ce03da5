package dev.authservice.adapter.in.web.health;

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
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The contract's {@code GET /health} on the main port: 200 {@code {"status": "UP"}} when the stores answer, 503
 * {@code {"status": "DOWN"}} when they do not. Liveness, readiness and metrics listen on the management port.
 */
@Controller("/health")
@Secured(SecurityRule.IS_ANONYMOUS)
class HealthController implements HealthApi {

    private static final Health UP = new Health("UP");
    private static final Health DOWN = new Health("DOWN");

    private final CheckHealthUseCase checkHealth;

    HealthController(CheckHealthUseCase checkHealth) {
        this.checkHealth = checkHealth;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public HttpResponse<Health> health() {
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
