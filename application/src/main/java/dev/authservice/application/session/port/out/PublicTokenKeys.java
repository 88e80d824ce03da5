package dev.authservice.application.session.port.out;

import java.util.List;
import java.util.Map;

/** The public keys that verify this service's access tokens, for other services to verify them with. */
public interface PublicTokenKeys {

    /** The JWS algorithm of every access token (RFC 7518, RFC 8037): HS256, ES256, EdDSA or RS256. */
    String algorithm();

    /**
     * Each key as the members of its public JWK (RFC 7517): {@code kty}, {@code kid}, {@code alg}, {@code use} and the
     * public parameters, never a private one. None under HS256, whose key is a shared secret.
     */
    List<Map<String, String>> jwks();
}
