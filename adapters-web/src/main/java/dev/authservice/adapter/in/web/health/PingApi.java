package dev.authservice.adapter.in.web.health;

import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.health.PingController.Pong;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

/** The OpenAPI description of {@link PingController}, apart from its code. */
@Tag(name = ApiDocs.TAG_OPS)
interface PingApi {

    @Operation(summary = "Ping", description = "An answer from the server without touching the database.",
            security = {})
    Pong ping();
}
