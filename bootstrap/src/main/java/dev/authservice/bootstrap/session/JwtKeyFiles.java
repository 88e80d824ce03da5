package dev.authservice.bootstrap.session;

import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import dev.authservice.adapter.out.crypto.session.JwtKey;
import dev.authservice.bootstrap.configuration.DevelopmentKeyFile;
import dev.authservice.bootstrap.configuration.KeyFile;
import dev.authservice.bootstrap.configuration.MisconfigurationException;
import io.micronaut.core.annotation.Nullable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PEM files of the asymmetric keys: {@code auth.jwt.signing-key-file} (the private key followed by its public key)
 * and {@code auth.jwt.verification-key-files} (public keys). A file that is missing or unreadable, or whose key does
 * not fit the algorithm, stops the start with one line naming the key and the file ({@link MisconfigurationException}).
 */
final class JwtKeyFiles {

    private static final Logger LOG = LoggerFactory.getLogger(JwtKeyFiles.class);

    private static final String SIGNING = "auth.jwt.signing-key-file (AUTH_JWT_SIGNING_KEY_FILE)";
    private static final String VERIFICATION = "auth.jwt.verification-key-files (AUTH_JWT_VERIFICATION_KEY_FILES)";

    private JwtKeyFiles() {
    }

    /**
     * The signing key of {@code file}; with none configured and a {@code developmentKeys} directory (dev and test
     * only), the one kept there, made on the first start.
     */
    static JwtKey signingKey(JwtAlgorithm algorithm, @Nullable String file, @Nullable Path developmentKeys) {
        if (file != null && !file.isBlank()) {
            return KeyFile.read(SIGNING, Path.of(file), pem -> JwtKey.signingKeyFromPem(algorithm, pem));
        }
        if (developmentKeys == null) {
            throw new MisconfigurationException(SIGNING + " is required with " + algorithm
                    + " outside the dev and test environments: the PEM file of " + algorithm.keyDescription());
        }
        Path kept = developmentKeys.resolve("jwt-" + algorithm.name().toLowerCase(Locale.ROOT) + "-signing-key.pem");
        if (!Files.exists(kept)) {
            DevelopmentKeyFile.write(kept, JwtKey.generatePem(algorithm));
            LOG.warn("{} is not set: made a development signing key for {} in {} (development only)", SIGNING,
                    algorithm, kept);
        }
        return KeyFile.read(SIGNING, kept, pem -> JwtKey.signingKeyFromPem(algorithm, pem));
    }

    static List<JwtKey> verificationKeys(JwtAlgorithm algorithm, List<String> files) {
        return files.stream().filter(file -> !file.isBlank())
                .map(file -> KeyFile.read(VERIFICATION, Path.of(file),
                        pem -> JwtKey.verificationKeyFromPem(algorithm, pem)))
                .toList();
    }
}
