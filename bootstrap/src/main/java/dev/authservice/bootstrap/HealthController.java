package dev.authservice.bootstrap;

import io.micronaut.http.HttpResponse;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The contract's {@code GET /health} on the main port: 200 {@code {"status": "UP"}} when the database answers, 503
 * {@code {"status": "DOWN"}} when it does not, and nothing else (a full disk is the management port's business). The
 * management endpoints, with liveness and readiness, listen on the management port. It lives here rather than in
 * adapters-web because it asks the database directly, which no web adapter may.
 */
@Controller("/health")
@Secured(SecurityRule.IS_ANONYMOUS)
class HealthController {

    private static final int TIMEOUT_SECONDS = 2;

    private final DataSource dataSource;

    /** Resolved to the pool itself: the injected data source only lends connections inside a transaction. */
    HealthController(DataSource dataSource, DataSourceResolver resolver) {
        this.dataSource = resolver.resolve(dataSource);
    }

    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    HttpResponse<Map<String, String>> health() {
        return databaseAnswers()
                ? HttpResponse.ok(Map.of("status", "UP"))
                : HttpResponse.<Map<String, String>>status(HttpStatus.SERVICE_UNAVAILABLE).body(Map.of("status", "DOWN"));
    }

    private boolean databaseAnswers() {
        try (Connection connection = dataSource.getConnection()) {
            return connection.isValid(TIMEOUT_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }
}
