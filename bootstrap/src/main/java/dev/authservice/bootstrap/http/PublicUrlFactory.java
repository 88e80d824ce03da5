package dev.authservice.bootstrap.http;

import dev.authservice.adapter.in.web.PublicUrl;
import dev.authservice.bootstrap.configuration.Development;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.configuration.NoEnvironmentNamed;
import dev.authservice.bootstrap.session.AccessTokenKeysFactory;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where clients reach the service, for the URLs of its metadata (docs/keys.md): {@code auth.public-url}; else
 * {@code auth.jwt.issuer} when that is a URL, as RFC 8414 §2 wants an issuer to be; else, in {@code dev} (and so in a
 * {@link NoEnvironmentNamed}), {@code http://localhost:<micronaut.server.port>}, where the README's commands reach it. Any
 * other environment publishes no metadata until one is configured, and says so at start when it has keys to publish:
 * a guess would be a wrong address, and the request's {@code Host} is the client's to write.
 */
@Factory
class PublicUrlFactory {

    private static final Logger LOG = LoggerFactory.getLogger(PublicUrlFactory.class);

    /** Built with the context, so that a bad URL stops the start instead of the first request for the metadata. */
    @Context
    PublicUrl publicUrl(@Property(name = "auth.public-url") @Nullable String configured,
                        @Property(name = "auth.jwt.issuer") String issuer,
                        @Property(name = "auth.jwt.algorithm") String algorithm,
                        @Property(name = "micronaut.server.port") int port,
                        Environment environment) {
        if (configured != null) {
            try {
                return PublicUrl.of(configured);
            } catch (IllegalArgumentException e) {
                throw new MisconfigurationException("auth.public-url (AUTH_PUBLIC_URL): " + e.getMessage());
            }
        }
        Optional<PublicUrl> fallback = issuerUrl(issuer).or(() -> development(environment, port));
        if (fallback.isEmpty() && AccessTokenKeysFactory.algorithm(algorithm).isAsymmetric()) {
            LOG.warn("auth.public-url (AUTH_PUBLIC_URL) is not set and auth.jwt.issuer is not a URL: "
                    + "GET /.well-known/oauth-authorization-server answers 404; resource servers need the JWKS URL "
                    + "(/.well-known/jwks.json on the service's public address) given to them");
        }
        return fallback.orElse(PublicUrl.NONE);
    }

    private static Optional<PublicUrl> issuerUrl(String issuer) {
        try {
            return Optional.of(PublicUrl.of(issuer));
        } catch (IllegalArgumentException notAUrl) {
            return Optional.empty();
        }
    }

    /** The address the README uses; a random port ({@code -1}, {@code 0}) is no address to publish. */
    private static Optional<PublicUrl> development(Environment environment, int port) {
        return Development.isActive(environment) && port > 0
                ? Optional.of(PublicUrl.of("http://localhost:" + port))
                : Optional.empty();
    }
}
