package dev.authservice.bootstrap;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.management.endpoint.health.HealthEndpoint;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.health.HealthStatus;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.util.Map;
import org.reactivestreams.Publisher;

/**
 * The contract's {@code GET /health} on the main port: 200 {@code {"status": "UP"}} when the database answers, 503
 * {@code {"status": "DOWN"}} when it does not. The management endpoints, this one's details included, listen on the
 * management port; this answers with the same checks and shows none of their details.
 */
@Controller("/health")
@Secured(SecurityRule.IS_ANONYMOUS)
class HealthController {

    private final HealthEndpoint health;

    HealthController(HealthEndpoint health) {
        this.health = health;
    }

    @Get
    Publisher<HttpResponse<Map<String, String>>> health() {
        return Publishers.map(health.getHealth(null), HealthController::answer);
    }

    private static HttpResponse<Map<String, String>> answer(HealthResult result) {
        HttpStatus status = HealthStatus.UP.equals(result.getStatus()) ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE;
        return HttpResponse.<Map<String, String>>status(status).body(Map.of("status", result.getStatus().getName()));
    }
}
