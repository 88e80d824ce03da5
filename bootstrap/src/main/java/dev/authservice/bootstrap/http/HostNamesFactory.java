package dev.authservice.bootstrap.http;

import dev.authservice.adapter.in.web.edge.HostNames;
import dev.authservice.bootstrap.configuration.Development;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.configuration.NoEnvironmentNamed;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * The host names the service answers to (docs/security.md, "Host names"): {@code auth.http.host-names}; unset, the
 * loopback names in {@code dev}, and so in a {@link NoEnvironmentNamed}, whose published passwords a page of any site could
 * otherwise reach through DNS rebinding; any name elsewhere, where only the deployment knows its names.
 */
@Factory
class HostNamesFactory {

    private static final List<String> LOOPBACK = List.of("localhost", "127.0.0.1", "[::1]");

    /** Built with the context, so that a bad entry stops the start instead of refusing every request. */
    @Context
    HostNames hostNames(@Property(name = "auth.http.host-names") @Nullable List<String> entries,
                        Environment environment) {
        try {
            if (entries != null) {
                return HostNames.of(entries);
            }
            return Development.isActive(environment) ? HostNames.of(LOOPBACK) : HostNames.ANY;
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.http.host-names (AUTH_HTTP_HOST_NAMES): " + e.getMessage());
        }
    }
}
