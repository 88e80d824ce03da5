package dev.authservice.adapter.out.crypto.session;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.util.Base64URL;
import dev.authservice.adapter.out.crypto.session.jca.EcdsaSignatures;
import dev.authservice.adapter.out.crypto.session.jca.Ed25519Signatures;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One asymmetric key of an access-token algorithm, read from PEM: a signing key (the PKCS#8 private key followed by
 * its SPKI public key, as {@code openssl pkey -pubout} appends it) or a verification-only key (the SPKI public key).
 * It is named by its RFC 7638 thumbprint, so the same key has the same {@code kid} on every instance. A key that is
 * not of the algorithm's family, an EC key on another curve than P-256 and an RSA key under 2048 bits are refused.
 */
public final class JwtKey {

    static final int MIN_RSA_BITS = 2048;

    /** The raw Ed25519 public key is the last 32 bytes of its SPKI encoding (RFC 8410). */
    private static final int ED25519_KEY_BYTES = 32;
    private static final byte[] PAIR_PROBE = "does this private key belong to this public key".getBytes(
            StandardCharsets.US_ASCII);

    private final JwtAlgorithm algorithm;
    /** The public JWK, named. */
    private final JWK jwk;
    private final PublicKey publicKey;
    /** Null unless this key signs. */
    private final PrivateKey privateKey;

    private JwtKey(JwtAlgorithm algorithm, PublicKey publicKey, PrivateKey privateKey) {
        this.algorithm = algorithm;
        this.jwk = jwk(algorithm, publicKey);
        this.publicKey = publicKey;
        this.privateKey = privateKey;
    }

    /**
     * The signing key in {@code pem}: its private key and its public key, which must be a pair.
     *
     * @throws IllegalArgumentException saying what is wrong with the key, to follow the name of the file
     */
    public static JwtKey signingKeyFromPem(JwtAlgorithm algorithm, String pem) {
        PublicKey publicKey = publicKey(algorithm, pem);
        PrivateKey privateKey;
        try {
            privateKey = keyFactory(algorithm).generatePrivate(
                    new PKCS8EncodedKeySpec(Pem.decode(pem, Pem.PRIVATE_KEY)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("has no PKCS#8 private key that is " + algorithm.keyDescription()
                    + " (" + algorithm + ")");
        }
        JwtKey key = new JwtKey(algorithm, publicKey, privateKey);
        if (!key.isPair()) {
            throw new IllegalArgumentException("holds a private key and a public key that are not a pair");
        }
        return key;
    }

    /**
     * The verification-only key in {@code pem}: its public key (any private key beside it is not read).
     *
     * @throws IllegalArgumentException saying what is wrong with the key, to follow the name of the file
     */
    public static JwtKey verificationKeyFromPem(JwtAlgorithm algorithm, String pem) {
        return new JwtKey(algorithm, publicKey(algorithm, pem), null);
    }

    /** A new signing key for {@code algorithm}, as the PEM {@link #signingKeyFromPem} reads. */
    public static String generatePem(JwtAlgorithm algorithm) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm.jcaKeyAlgorithm());
            if (algorithm == JwtAlgorithm.ES256) {
                generator.initialize(new ECGenParameterSpec("secp256r1"));
            } else if (algorithm == JwtAlgorithm.RS256) {
                generator.initialize(MIN_RSA_BITS);
            }
            KeyPair pair = generator.generateKeyPair();
            return Pem.encode(Pem.PRIVATE_KEY, pair.getPrivate().getEncoded())
                    + Pem.encode(Pem.PUBLIC_KEY, pair.getPublic().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK 17 makes " + algorithm.keyDescription(), e);
        }
    }

    public JwtAlgorithm algorithm() {
        return algorithm;
    }

    /** The {@code kid}: the key's RFC 7638 JWK thumbprint, base64url of its SHA-256. */
    public String keyId() {
        return jwk.getKeyID();
    }

    /** The members of the public JWK (RFC 7517): {@code kty}, {@code kid}, {@code alg}, {@code use}, public values. */
    Map<String, String> publicJwk() {
        return jwk.toJSONObject().entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, member -> String.valueOf(member.getValue())));
    }

    JWSSigner signer() {
        if (privateKey == null) {
            throw new IllegalStateException("a verification-only key does not sign");
        }
        try {
            switch (algorithm) {
                case ES256:
                    return EcdsaSignatures.signer(privateKey);
                case EdDSA:
                    return Ed25519Signatures.signer(privateKey);
                case RS256:
                    return new RSASSASigner(privateKey);
                default:
                    throw new IllegalStateException("no key signs " + algorithm);
            }
        } catch (JOSEException e) {
            throw new IllegalStateException("a key read as " + algorithm.keyDescription() + " signs it", e);
        }
    }

    JWSVerifier verifier() {
        try {
            switch (algorithm) {
                case ES256:
                    return EcdsaSignatures.verifier((ECPublicKey) publicKey);
                case EdDSA:
                    return Ed25519Signatures.verifier(publicKey);
                case RS256:
                    return new RSASSAVerifier((RSAPublicKey) publicKey);
                default:
                    throw new IllegalStateException("no key verifies " + algorithm);
            }
        } catch (JOSEException e) {
            throw new IllegalStateException("a key read as " + algorithm.keyDescription() + " verifies it", e);
        }
    }

    private boolean isPair() {
        JWSHeader header = new JWSHeader(algorithm.jws());
        try {
            return verifier().verify(header, PAIR_PROBE, signer().sign(header, PAIR_PROBE));
        } catch (JOSEException e) {
            return false;
        }
    }

    private static PublicKey publicKey(JwtAlgorithm algorithm, String pem) {
        try {
            return keyFactory(algorithm).generatePublic(new X509EncodedKeySpec(Pem.decode(pem, Pem.PUBLIC_KEY)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("has no SPKI public key that is " + algorithm.keyDescription()
                    + " (" + algorithm + ")");
        }
    }

    private static KeyFactory keyFactory(JwtAlgorithm algorithm) throws GeneralSecurityException {
        if (!algorithm.isAsymmetric()) {
            throw new IllegalArgumentException(algorithm + " signs with a secret, not a key pair");
        }
        return KeyFactory.getInstance(algorithm.jcaKeyAlgorithm());
    }

    /** The public JWK of the key, {@code alg} and {@code use} set, named by its thumbprint. */
    private static JWK jwk(JwtAlgorithm algorithm, PublicKey publicKey) {
        try {
            switch (algorithm) {
                case ES256:
                    ECPublicKey ec = (ECPublicKey) publicKey;
                    if (!Curve.P_256.equals(Curve.forECParameterSpec(ec.getParams()))) {
                        throw new IllegalArgumentException("holds an EC key on another curve than P-256 (ES256)");
                    }
                    return new ECKey.Builder(Curve.P_256, ec)
                            .algorithm(algorithm.jws()).keyUse(KeyUse.SIGNATURE).keyIDFromThumbprint().build();
                case RS256:
                    RSAPublicKey rsa = (RSAPublicKey) publicKey;
                    int bits = rsa.getModulus().bitLength();
                    if (bits < MIN_RSA_BITS) {
                        throw new IllegalArgumentException("holds an RSA key of " + bits + " bits, fewer than the "
                                + MIN_RSA_BITS + " RS256 needs");
                    }
                    return new RSAKey.Builder(rsa)
                            .algorithm(algorithm.jws()).keyUse(KeyUse.SIGNATURE).keyIDFromThumbprint().build();
                case EdDSA:
                    byte[] encoded = publicKey.getEncoded();
                    byte[] raw = Arrays.copyOfRange(encoded, encoded.length - ED25519_KEY_BYTES, encoded.length);
                    return new OctetKeyPair.Builder(Curve.Ed25519, Base64URL.encode(raw))
                            .algorithm(algorithm.jws()).keyUse(KeyUse.SIGNATURE).keyIDFromThumbprint().build();
                default:
                    throw new IllegalArgumentException(algorithm + " signs with a secret, not a key pair");
            }
        } catch (JOSEException e) {
            throw new IllegalStateException("every JDK computes SHA-256 thumbprints", e);
        }
    }
}
