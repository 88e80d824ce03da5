package dev.authservice.bootstrap.http;

import dev.authservice.adapter.in.web.edge.AllowedOrigins;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/** The origins of other sites whose pages may change things here; none unless configured (docs/security.md). */
@Factory
class AllowedOriginsFactory {

    /** Built with the context, so that a bad entry stops the start instead of refusing every browser. */
    @Context
    AllowedOrigins allowedOrigins(@Property(name = "auth.http.allowed-origins") @Nullable List<String> entries) {
        try {
            return entries == null ? AllowedOrigins.NONE : AllowedOrigins.of(entries);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException(
                    "auth.http.allowed-origins (AUTH_HTTP_ALLOWED_ORIGINS): " + e.getMessage());
        }
    }
}
