package dev.authservice.adapter.out.oidc.federation;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.impl.ECDSA;
import com.nimbusds.jose.jwk.Curve;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * How this service proves itself at a provider's token endpoint: a client secret ({@code client_secret_basic}, or
 * {@code client_secret_post}), or a private key whose public half the provider holds ({@code private_key_jwt},
 * OpenID Connect Core 9 and RFC 7523). Neither ever shows its secret part in {@code toString}.
 */
public sealed interface ClientCredentials {

    /** A shared secret, sent with each token request. */
    record Secret(String value) implements ClientCredentials {

        public Secret {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return "Secret[****]";
        }
    }

    /** What an assertion names as its audience ({@code aud}). */
    enum AssertionAudience {
        /** The provider's issuer identifier, as RFC 7523bis requires: no other server can claim it as its own. */
        ISSUER,
        /** The provider's token endpoint: the earlier reading of RFC 7523, for a provider that takes only that. */
        TOKEN_ENDPOINT
    }

    /**
     * A private key that signs a short-lived assertion for each token request; the key itself never leaves.
     *
     * @param keyId the {@code kid} of its header, for a provider that holds more than one key of this client
     */
    record SigningKey(PrivateKey key, JWSAlgorithm algorithm, Optional<String> keyId, AssertionAudience audience)
            implements ClientCredentials {

        private static final String PKCS8_BEGIN = "-----BEGIN PRIVATE KEY-----";
        private static final String PKCS8_END = "-----END PRIVATE KEY-----";
        /** The least the SDK signs with, and NIST's floor for RSA signatures. */
        private static final int MIN_RSA_BITS = 2048;

        public SigningKey {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(algorithm, "algorithm");
            Objects.requireNonNull(keyId, "keyId");
            Objects.requireNonNull(audience, "audience");
        }

        /**
         * The key of a PEM PKCS#8 {@code PRIVATE KEY}, RSA (RS256 unless {@code algorithm} names another RSA one)
         * or EC on P-256, P-384 or P-521 (the ES algorithm of its curve).
         *
         * @throws IllegalArgumentException naming what is wrong, never showing the key
         */
        public static SigningKey fromPem(String pem, Optional<String> keyId, Optional<String> algorithm,
                                         AssertionAudience audience) {
            PrivateKey key = parsePkcs8(pem);
            JWSAlgorithm usable = usableAlgorithm(key);
            JWSAlgorithm chosen = algorithm.map(JWSAlgorithm::parse).orElse(usable);
            boolean fits = key instanceof RSAPrivateKey ? RSASSASigner.SUPPORTED_ALGORITHMS.contains(chosen)
                    : chosen.equals(usable);
            if (!fits) {
                throw new IllegalArgumentException("is an " + key.getAlgorithm() + " key, which cannot sign " + chosen
                        + " (" + usable + " can)");
            }
            return new SigningKey(key, chosen, keyId.filter(id -> !id.isBlank()), audience);
        }

        private static PrivateKey parsePkcs8(String pem) {
            String text = pem.strip();
            if (!text.startsWith(PKCS8_BEGIN) || !text.endsWith(PKCS8_END)) {
                throw new IllegalArgumentException("holds no unencrypted PKCS#8 \"" + PKCS8_BEGIN + "\" alone "
                        + "(convert one with: openssl pkcs8 -topk8 -nocrypt -in key.pem)");
            }
            byte[] der;
            try {
                der = Base64.getDecoder().decode(text.substring(PKCS8_BEGIN.length(),
                        text.length() - PKCS8_END.length()).replaceAll("\\s", ""));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("is not base64 between its PEM lines");
            }
            for (String type : new String[] {"RSA", "EC"}) {
                try {
                    return KeyFactory.getInstance(type).generatePrivate(new PKCS8EncodedKeySpec(der));
                } catch (GeneralSecurityException notThisType) {
                    // the next type, or the refusal below
                }
            }
            throw new IllegalArgumentException("holds neither an RSA nor an EC private key");
        }

        private static JWSAlgorithm usableAlgorithm(PrivateKey key) {
            if (key instanceof RSAPrivateKey rsa) {
                if (rsa.getModulus().bitLength() < MIN_RSA_BITS) {
                    throw new IllegalArgumentException("is an RSA key of " + rsa.getModulus().bitLength()
                            + " bits; at least " + MIN_RSA_BITS + " are needed");
                }
                return JWSAlgorithm.RS256;
            }
            Curve curve = Curve.forECParameterSpec(((ECPrivateKey) key).getParams());
            try {
                return ECDSA.resolveAlgorithm(curve);
            } catch (JOSEException e) {
                throw new IllegalArgumentException("is an EC key on a curve other than P-256, P-384 and P-521");
            }
        }

        @Override
        public String toString() {
            return "SigningKey[" + algorithm + keyId.map(id -> ", kid " + id).orElse("") + ", aud " + audience + "]";
        }
    }
}
