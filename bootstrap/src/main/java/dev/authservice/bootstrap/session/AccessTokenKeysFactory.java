package dev.authservice.bootstrap.session;

import dev.authservice.adapter.out.crypto.session.JwtAccessTokenCodec;
import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKeySet;
import dev.authservice.adapter.out.crypto.session.JwtPublicKeys;
import dev.authservice.adapter.out.crypto.session.JwtSecret;
import dev.authservice.adapter.out.crypto.session.VerifiedTokenCache;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.application.session.port.out.PublicTokenKeys;
import dev.authservice.bootstrap.configuration.KeyConfiguration;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.configuration.NoEnvironmentNamed;
import dev.authservice.domain.InvalidValueException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keys of the access tokens, read from the configuration at start, or the service does not start.
 * <ul>
 *   <li>HS256 (the default): a secret of at least 32 bytes (RFC 7518 §3.2), judged with the other keys
 *       ({@link KeyConfiguration}). Only in {@code dev} (also the default when no environment is named: {@link NoEnvironmentNamed})
 *       and {@code test}, never with {@code prod}, may it be missing: it is then replaced by a
 *       random one, so a development start needs no set-up; access tokens then do not survive a restart, refresh
 *       tokens (kept in the database) do.</li>
 *   <li>ES256, EdDSA, RS256: a signing key file and any number of verification-only key files ({@link JwtKeyFiles}).
 *       In {@code dev} and {@code test} the signing key file may be missing: a key pair is then made once and kept
 *       in the development key directory, so access tokens survive a restart there too.</li>
 * </ul>
 */
@Factory
public class AccessTokenKeysFactory {

    private static final Logger LOG = LoggerFactory.getLogger(AccessTokenKeysFactory.class);

    /** The codec and the keys it publishes, from one reading of the configuration. */
    record AccessTokenKeys(AccessTokenCodec codec, PublicTokenKeys publicKeys) {
    }

    /** Built with the context, so that a bad key stops the start instead of the first login. */
    @Context
    AccessTokenKeys accessTokenKeys(@Property(name = "auth.jwt.algorithm") String algorithmName,
                                    KeyConfiguration configuredKeys,
                                    @Property(name = "auth.jwt.signing-key-file") @Nullable String signingKeyFile,
                                    @Property(name = "auth.jwt.verification-key-files") @Nullable
                                    List<String> verificationKeyFiles,
                                    @Property(name = "auth.jwt.development-key-directory") String developmentKeys,
                                    Environment environment) {
        JwtAlgorithm algorithm = algorithm(algorithmName);
        LOG.info("access tokens are signed with {}, by {}", algorithm, algorithm.implementation());
        boolean development = mayBeMadeAtStart(environment.getActiveNames());
        if (!algorithm.isAsymmetric()) {
            if (signingKeyFile != null || verificationKeyFiles != null) {
                throw new MisconfigurationException("auth.jwt.signing-key-file and auth.jwt.verification-key-files "
                        + "need an asymmetric auth.jwt.algorithm (AUTH_JWT_ALGORITHM: ES256, EdDSA or RS256), "
                        + "not HS256");
            }
            return new AccessTokenKeys(new JwtAccessTokenCodec(secret(configuredKeys.jwtSecret(), development)),
                    JwtPublicKeys.ofSecret());
        }
        JwtKeySet keys = new JwtKeySet(
                JwtKeyFiles.signingKey(algorithm, signingKeyFile, development ? Path.of(developmentKeys) : null),
                JwtKeyFiles.verificationKeys(algorithm,
                        verificationKeyFiles == null ? List.of() : verificationKeyFiles));
        return new AccessTokenKeys(new JwtAccessTokenCodec(keys), JwtPublicKeys.of(keys));
    }

    /**
     * Every protected request decodes a token: each one's signature is verified once, then remembered. Built with the
     * context, so that a cache size out of its bounds stops the start instead of the first request.
     */
    @Context
    AccessTokenCodec accessTokenCodec(AccessTokenKeys keys,
                                      @Property(name = "auth.jwt.verified-token-cache-size") int cacheSize,
                                      Clock clock) {
        try {
            return new VerifiedTokenCache(keys.codec(), cacheSize, clock);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException("auth.jwt.verified-token-cache-size"
                    + " (AUTH_JWT_VERIFIED_TOKEN_CACHE_SIZE): " + e.getMessage());
        }
    }

    @Singleton
    PublicTokenKeys publicTokenKeys(AccessTokenKeys keys) {
        return keys.publicKeys();
    }

    public static JwtAlgorithm algorithm(String name) {
        try {
            return JwtAlgorithm.named(name);
        } catch (IllegalArgumentException e) {
            throw new MisconfigurationException("auth.jwt.algorithm (AUTH_JWT_ALGORITHM) " + e.getMessage());
        }
    }

    /** Whether a key may be made at start instead of configured: in dev or test, never when prod is named too. */
    public static boolean mayBeMadeAtStart(Set<String> environments) {
        return (environments.contains(Environment.DEVELOPMENT) || environments.contains(Environment.TEST))
                && !environments.contains("prod");
    }

    /** The configured secret, judged already: random text carrying 256 bits has at least 32 bytes. */
    static JwtSecret secret(Optional<String> configured, boolean mayBeMadeAtStart) {
        if (configured.isPresent()) {
            return JwtSecret.fromText(configured.get());
        }
        if (!mayBeMadeAtStart) {
            throw new MisconfigurationException(KeyConfiguration.JWT_SECRET + " is required outside the dev and test"
                    + " environments; " + KeyConfiguration.MAKE_ONE);
        }
        LOG.warn("auth.jwt.secret is not set: signing access tokens with a random secret made at start "
                + "(development only: access tokens will not survive a restart)");
        return JwtSecret.generate();
    }
}
