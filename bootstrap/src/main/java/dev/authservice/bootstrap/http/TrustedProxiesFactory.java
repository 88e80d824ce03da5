package dev.authservice.bootstrap.http;

import dev.authservice.adapter.in.web.edge.client.TrustedProxies;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/** The reverse proxies whose {@code X-Forwarded-For} names the client; none unless configured (ADR-0007). */
@Factory
class TrustedProxiesFactory {

    /** Built with the context, so that a bad entry stops the start instead of the first login. */
    @Context
    TrustedProxies trustedProxies(
            @Property(name = "auth.client-address.trusted-proxies") @Nullable List<String> entries) {
        try {
            return entries == null ? TrustedProxies.NONE : TrustedProxies.of(entries);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException(
                    "auth.client-address.trusted-proxies (AUTH_CLIENT_ADDRESS_TRUSTED_PROXIES): " + e.getMessage());
        }
    }
}
