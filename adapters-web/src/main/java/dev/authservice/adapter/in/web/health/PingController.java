package dev.authservice.adapter.in.web.health;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A trivial, unauthenticated answer from the same server, with no I/O: it runs on the event loop. The benchmark
 * measures it as the ceiling for protected reads ({@code ping_rps}); monitors may use it as a liveness probe that,
 * unlike {@code /health}, never touches the database.
 */
@Controller("/api/ping")
@Secured(SecurityRule.IS_ANONYMOUS)
class PingController implements PingApi {

    private static final Pong OK = new Pong("ok");

    @Override
    @Get
    public Pong ping() {
        return OK;
    }

    @Serdeable
    @Schema(name = "Pong")
    record Pong(String status) {
    }
}
