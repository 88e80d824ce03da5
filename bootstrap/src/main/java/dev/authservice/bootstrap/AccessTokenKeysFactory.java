package dev.authservice.bootstrap;

import dev.authservice.adapter.out.crypto.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.JwtSecret;
import dev.authservice.application.port.out.AccessTokenCodec;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HS256 key of the access tokens, configured (at least 32 bytes, RFC 7518 §3.2) or the service does not start.
 * Only in {@code dev} (the default when no environment is named) and {@code test}, never with {@code prod}, may it be
 * missing: it is then replaced by a random one, so a development start needs no set-up; access tokens then do not
 * survive a restart, refresh tokens (kept in the database) do.
 */
@Factory
class SigningSecretFactory {

    private static final Logger LOG = LoggerFactory.getLogger(SigningSecretFactory.class);

    /** Built with the context, so that a bad secret stops the start instead of the first login. */
    @Context
    AccessTokenCodec accessTokenCodec(@Property(name = "auth.jwt.secret") @Nullable String secret,
                                      Environment environment) {
        return new JwtAccessTokenCodec(secret(secret, mayBeMadeAtStart(environment.getActiveNames())));
    }

    private static boolean mayBeMadeAtStart(Set<String> environments) {
        return (environments.contains(Environment.DEVELOPMENT) || environments.contains(Environment.TEST))
                && !environments.contains("prod");
    }

    static JwtSecret secret(@Nullable String configured, boolean mayBeMadeAtStart) {
        if (configured != null && !configured.isEmpty()) {
            if (configured.getBytes(StandardCharsets.UTF_8).length < JwtSecret.MIN_BYTES) {
                throw new MisconfigurationException("auth.jwt.secret (AUTH_JWT_SECRET) must be at least "
                        + JwtSecret.MIN_BYTES + " bytes long");
            }
            return JwtSecret.fromText(configured);
        }
        if (!mayBeMadeAtStart) {
            throw new MisconfigurationException("auth.jwt.secret (AUTH_JWT_SECRET) is required outside the dev and "
                    + "test environments: set it to at least " + JwtSecret.MIN_BYTES + " random bytes");
        }
        LOG.warn("auth.jwt.secret is not set: signing access tokens with a random secret made at start "
                + "(development only: access tokens will not survive a restart)");
        return JwtSecret.generate();
    }
}
