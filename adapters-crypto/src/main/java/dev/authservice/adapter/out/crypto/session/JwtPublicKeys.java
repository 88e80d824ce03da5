package dev.authservice.adapter.out.crypto.session;

import dev.authservice.application.session.port.out.PublicTokenKeys;
import java.util.List;
import java.util.Map;

/** The public halves of a {@link JwtKeySet}, signing key first; or nothing, under HS256. */
public final class JwtPublicKeys implements PublicTokenKeys {

    private final JwtAlgorithm algorithm;
    private final List<Map<String, String>> jwks;

    private JwtPublicKeys(JwtAlgorithm algorithm, List<Map<String, String>> jwks) {
        this.algorithm = algorithm;
        this.jwks = jwks;
    }

    public static JwtPublicKeys of(JwtKeySet keys) {
        return new JwtPublicKeys(keys.algorithm(), keys.byKeyId().values().stream().map(JwtKey::publicJwk).toList());
    }

    /** HS256: the key is a secret shared with no one, so there is nothing to publish. */
    public static JwtPublicKeys ofSecret() {
        return new JwtPublicKeys(JwtAlgorithm.HS256, List.of());
    }

    @Override
    public String algorithm() {
        return algorithm.name();
    }

    @Override
    public List<Map<String, String>> jwks() {
        return jwks;
    }
}
