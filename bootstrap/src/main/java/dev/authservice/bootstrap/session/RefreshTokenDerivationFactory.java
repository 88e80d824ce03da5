package dev.authservice.bootstrap.session;

import dev.authservice.adapter.out.crypto.session.HmacRefreshTokenDerivation;
import dev.authservice.application.session.port.out.RefreshTokenDerivation;
import dev.authservice.bootstrap.configuration.DevelopmentKeyFile;
import dev.authservice.bootstrap.configuration.KeyConfiguration;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key that makes successors under a reuse grace ({@code auth.refresh-token.reuse-grace-key}). Every instance must
 * share it, or a repeat answered by another instance names a successor that was never stored and counts as reuse;
 * and a restart must keep it, or a repeat across the restart does. So outside dev and test a grace needs it
 * configured, and in dev it is made at the first start and kept beside the H2 database, as the other development keys
 * are. Under strict rotation no successor is made from a token, and a key made at start is never used.
 */
@Factory
class RefreshTokenDerivationFactory {

    private static final Logger LOG = LoggerFactory.getLogger(RefreshTokenDerivationFactory.class);

    @Singleton
    RefreshTokenDerivation refreshTokenDerivation(KeyConfiguration keys, TokenPolicy policy,
            @Property(name = "auth.jwt.development-key-directory") String developmentKeys, Environment environment) {
        if (keys.reuseGraceKey().isPresent()) {
            try {
                return HmacRefreshTokenDerivation.withKey(keys.reuseGraceKey().get());
            } catch (IllegalArgumentException e) {
                throw new MisconfigurationException(KeyConfiguration.REUSE_GRACE_KEY + " is refused: " + e.getMessage()
                        + "; " + KeyConfiguration.MAKE_ONE);
            }
        }
        if (policy.reuseGrace().isZero()) {
            return HmacRefreshTokenDerivation.withRandomKey();
        }
        if (!AccessTokenKeysFactory.mayBeMadeAtStart(environment.getActiveNames())) {
            throw new MisconfigurationException(KeyConfiguration.REUSE_GRACE_KEY + " is required with a reuse grace"
                    + " outside the dev and test environments, the same on every instance; "
                    + KeyConfiguration.MAKE_ONE);
        }
        if (environment.getActiveNames().contains(Environment.TEST)) {
            // A test's context never meets what another derived.
            return HmacRefreshTokenDerivation.withRandomKey();
        }
        Path kept = Path.of(developmentKeys).resolve("refresh-token-reuse-grace-key");
        String made = DevelopmentKeyFile.keepRandom(kept);
        LOG.warn("auth.refresh-token.reuse-grace-key is not set: making successors with a development key kept in {}"
                + " (development only)", kept);
        return HmacRefreshTokenDerivation.withKey(made);
    }
}
