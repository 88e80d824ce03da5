package dev.authservice.bootstrap.secondfactor;

import dev.authservice.adapter.out.crypto.secondfactor.AesGcmSecretSealer;
import dev.authservice.application.secondfactor.port.out.SecretSealer;
import dev.authservice.bootstrap.configuration.DevelopmentKeyFile;
import dev.authservice.bootstrap.configuration.KeyConfiguration;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import dev.authservice.bootstrap.session.AccessTokenKeysFactory;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key that seals the TOTP secrets ({@code auth.second-factor.encryption-key}), and the earlier ones that still
 * open what they sealed. Every instance must share them, and a restart must keep them, or no second factor can be
 * checked; so outside dev and test the key is required, and its absence stops the start, after every other setting
 * has been judged ({@code @Order}), so that a deployment sees the refusals of its older settings first. In dev a key
 * is made at the first start and kept beside the H2 database, as the development signing key is.
 */
@Factory
class SecretSealerFactory {

    private static final Logger LOG = LoggerFactory.getLogger(SecretSealerFactory.class);

    @Context
    @Order(Ordered.LOWEST_PRECEDENCE)
    SecretSealer secretSealer(KeyConfiguration keys,
                              @Property(name = "auth.jwt.development-key-directory") String developmentKeys,
                              Environment environment) {
        if (keys.encryptionKey().isPresent()) {
            try {
                return AesGcmSecretSealer.withKeys(keys.encryptionKey().get(), keys.previousEncryptionKeys());
            } catch (IllegalArgumentException e) {
                throw new MisconfigurationException(KeyConfiguration.ENCRYPTION_KEY + " or a previous key is refused: "
                        + e.getMessage() + "; " + KeyConfiguration.MAKE_ONE);
            }
        }
        if (!AccessTokenKeysFactory.mayBeMadeAtStart(environment.getActiveNames())) {
            throw new MisconfigurationException(KeyConfiguration.ENCRYPTION_KEY + " is required outside the dev and"
                    + " test environments, the same on every instance; " + KeyConfiguration.MAKE_ONE);
        }
        if (environment.getActiveNames().contains(Environment.TEST)) {
            // A test's context never meets what another sealed.
            return AesGcmSecretSealer.withRandomKey();
        }
        Path kept = Path.of(developmentKeys).resolve("second-factor-encryption-key");
        String made = DevelopmentKeyFile.keepRandom(kept);
        LOG.warn("auth.second-factor.encryption-key is not set: sealing TOTP secrets with a development key kept in {}"
                + " (development only)", kept);
        return AesGcmSecretSealer.withKeys(made, List.of());
    }
}
