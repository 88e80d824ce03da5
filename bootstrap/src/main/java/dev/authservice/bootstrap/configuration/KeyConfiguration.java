package dev.authservice.bootstrap.configuration;

import dev.authservice.adapter.out.crypto.ConfiguredKeys;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every key the configuration gives the service, read in one place and judged together ({@link ConfiguredKeys}): the
 * HS256 signing secret, the key that seals the TOTP secrets and the earlier ones that still open what they sealed, and
 * the key that makes successors under a reuse grace. Each must be random and known to no one else, and no two may be
 * the same; one that is not stops the start with one line naming it. The factories of the signing secret, the sealer
 * and the successors take their keys from here, so that none is used unjudged. Built right after the trial's guard
 * ({@code @Order}, {@link NoEnvironmentNamed}), before any database is opened. The asymmetric signing keys are files
 * with rules of their own, kept by the session's {@code JwtKeyFiles}.
 */
@Context
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public final class KeyConfiguration {

    /** 32 random bytes, as many as HMAC-SHA256's output and AES-256's key, in base64: 256 bits in 44 characters. */
    public static final String MAKE_ONE = "make one with: openssl rand -base64 32";
    public static final String JWT_SECRET = "auth.jwt.secret (AUTH_JWT_SECRET)";
    public static final String ENCRYPTION_KEY = "auth.second-factor.encryption-key (AUTH_SECOND_FACTOR_ENCRYPTION_KEY)";
    public static final String REUSE_GRACE_KEY = "auth.refresh-token.reuse-grace-key (AUTH_REFRESH_TOKEN_REUSE_GRACE_KEY)";
    private static final String PREVIOUS_ENCRYPTION_KEYS = "auth.second-factor.previous-encryption-keys"
            + " (AUTH_SECOND_FACTOR_PREVIOUS_ENCRYPTION_KEYS)";

    private final Optional<String> jwtSecret;
    private final Optional<String> encryptionKey;
    private final List<String> previousEncryptionKeys;
    private final Optional<String> reuseGraceKey;

    KeyConfiguration(@Property(name = "auth.jwt.secret") @Nullable String jwtSecret,
                     @Property(name = "auth.second-factor.encryption-key") @Nullable String encryptionKey,
                     @Property(name = "auth.second-factor.previous-encryption-keys") @Nullable
                     List<String> previousEncryptionKeys,
                     @Property(name = "auth.refresh-token.reuse-grace-key") @Nullable String reuseGraceKey) {
        this.jwtSecret = configured(jwtSecret);
        this.encryptionKey = configured(encryptionKey);
        this.previousEncryptionKeys = previousEncryptionKeys == null ? List.of()
                : previousEncryptionKeys.stream().filter(key -> !key.isEmpty()).toList();
        this.reuseGraceKey = configured(reuseGraceKey);
        Map<String, String> named = new LinkedHashMap<>();
        this.jwtSecret.ifPresent(key -> named.put(JWT_SECRET, key));
        this.encryptionKey.ifPresent(key -> named.put(ENCRYPTION_KEY, key));
        for (int previous = 0; previous < this.previousEncryptionKeys.size(); previous++) {
            named.put(this.previousEncryptionKeys.size() == 1 ? PREVIOUS_ENCRYPTION_KEYS
                    : "key " + (previous + 1) + " of " + PREVIOUS_ENCRYPTION_KEYS,
                    this.previousEncryptionKeys.get(previous));
        }
        this.reuseGraceKey.ifPresent(key -> named.put(REUSE_GRACE_KEY, key));
        try {
            ConfiguredKeys.judge(named);
        } catch (IllegalArgumentException refused) {
            throw new MisconfigurationException(refused.getMessage() + "; " + MAKE_ONE);
        }
    }

    private static Optional<String> configured(@Nullable String key) {
        return Optional.ofNullable(key).filter(text -> !text.isEmpty());
    }

    public Optional<String> jwtSecret() {
        return jwtSecret;
    }

    public Optional<String> encryptionKey() {
        return encryptionKey;
    }

    public List<String> previousEncryptionKeys() {
        return previousEncryptionKeys;
    }

    public Optional<String> reuseGraceKey() {
        return reuseGraceKey;
    }
}
