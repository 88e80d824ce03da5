package dev.authservice.adapter.out.crypto.session;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.util.JSONObjectUtils;
import dev.authservice.application.session.port.out.AccessTokenCodec;
import dev.authservice.domain.session.AccessToken;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Access tokens as compact JWTs (RFC 7519), header {@code {"alg":"...","typ":"JWT","kid":"..."}}, signed with HS256
 * and a {@link JwtSecret}, or with ES256, EdDSA or RS256 and a {@link JwtKeySet}. A token decodes only if its header
 * names exactly the configured algorithm and one of our keys by its {@code kid}, and that key's signature is on it;
 * everything else, from garbage to {@code alg: none} or another algorithm family, is simply not one of our tokens.
 * Thread-safe.
 */
public final class JwtAccessTokenCodec implements AccessTokenCodec {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    /** The header of every token {@link #encode} writes; its algorithm is the one accepted, whatever a header says. */
    private final JWSHeader header;
    /** The first part of every token {@link #encode} writes: the header, as Base64URL. */
    private final String ourHeaderPart;
    private final JwsSignature signature;
    /** The keys that verify, by {@code kid}: the signing key and, with a key pair, the verification-only ones. */
    private final Map<String, JWSVerifier> verifiers;

    /** HS256 with {@code secret}. */
    public JwtAccessTokenCodec(JwtSecret secret) {
        this(header(JwtAlgorithm.HS256, secret.keyId()), new HmacSha256Signature(secret),
                Map.of(secret.keyId(), macVerifier(secret)));
    }

    /** The algorithm of {@code keys}, signing with its signing key and verifying with every one of its keys. */
    public JwtAccessTokenCodec(JwtKeySet keys) {
        this(header(keys.algorithm(), keys.signing().keyId()), keys);
    }

    private JwtAccessTokenCodec(JWSHeader header, JwtKeySet keys) {
        this(header, new KeyPairSignature(header, keys.signing()), verifiers(keys));
    }

    private JwtAccessTokenCodec(JWSHeader header, JwsSignature signature, Map<String, JWSVerifier> verifiers) {
        this.header = header;
        this.ourHeaderPart = header.toBase64URL().toString();
        this.signature = signature;
        this.verifiers = verifiers;
    }

    private static JWSHeader header(JwtAlgorithm algorithm, String keyId) {
        return new JWSHeader.Builder(algorithm.jws()).type(JOSEObjectType.JWT).keyID(keyId).build();
    }

    private static JWSVerifier macVerifier(JwtSecret secret) {
        try {
            return new MACVerifier(secret.bytes());
        } catch (JOSEException e) {
            throw new IllegalStateException("a JwtSecret is always long enough for HS256", e);
        }
    }

    private static Map<String, JWSVerifier> verifiers(JwtKeySet keys) {
        Map<String, JWSVerifier> verifiers = new HashMap<>();
        keys.byKeyId().forEach((keyId, key) -> verifiers.put(keyId, key.verifier()));
        return Collections.unmodifiableMap(verifiers);
    }

    /**
     * The compact JWS that Nimbus's {@code JWSObject} would write, but with the claims in {@link AccessTokenClaims}'
     * order.
     */
    @Override
    public String encode(AccessToken token) {
        String signingInput = ourHeaderPart + '.' + BASE64URL.encodeToString(
                JSONObjectUtils.toJSONString(AccessTokenClaims.of(token)).getBytes(StandardCharsets.UTF_8));
        return signingInput + '.' + signature.sign(signingInput);
    }

    @Override
    public Optional<AccessToken> decode(String token) {
        if (token == null) {
            return Optional.empty();
        }
        if (token.indexOf('.') == ourHeaderPart.length() && token.startsWith(ourHeaderPart)) {
            return decodeWithOurHeader(token);
        }
        try {
            JWSObject jws = JWSObject.parse(token);
            // The header is checked first, so it never gets to pick the algorithm or a key we do not hold; the claims
            // are read only once the signature has proved them ours.
            JWSVerifier verifier = verifierFor(jws.getHeader());
            if (verifier == null || !jws.verify(verifier)) {
                return Optional.empty();
            }
            Map<String, Object> claims = jws.getPayload().toJSONObject();
            return claims == null ? Optional.empty() : Optional.of(AccessTokenClaims.toAccessToken(claims));
        } catch (ParseException | JOSEException | RuntimeException e) {
            // Besides its checked exceptions, Nimbus throws unchecked ones on some malformed input (a blank header, for
            // one), and a claim that the domain's value objects or Instant refuse throws too. The input is untrusted,
            // so every one of them means the same: not one of our tokens.
            return Optional.empty();
        }
    }

    /**
     * The tokens of the signing key, whose header is byte for byte the one {@link #encode} writes, so it is ours
     * without being parsed: the signature over {@code header.payload} must verify (for HS256: the MAC, in canonical
     * unpadded Base64URL, must be exactly the third part, compared in constant time); only then are the claims read.
     * Every other token, ours or not, takes the general way through Nimbus.
     */
    private Optional<AccessToken> decodeWithOurHeader(String token) {
        int payloadEnd = token.indexOf('.', ourHeaderPart.length() + 1);
        if (payloadEnd < 0 || token.indexOf('.', payloadEnd + 1) >= 0) {
            return Optional.empty();
        }
        if (!signature.verifies(token.substring(0, payloadEnd), token.substring(payloadEnd + 1))) {
            return Optional.empty();
        }
        try {
            String payload = new String(Base64.getUrlDecoder().decode(
                    token.substring(ourHeaderPart.length() + 1, payloadEnd)), StandardCharsets.UTF_8);
            return Optional.of(AccessTokenClaims.toAccessToken(JSONObjectUtils.parse(payload)));
        } catch (ParseException | RuntimeException e) {
            // Signed by us but not our claims (only possible with our key): as untrusted as any other input.
            return Optional.empty();
        }
    }

    /**
     * The verifier of the key the header names, if the header names exactly our algorithm (so not {@code none},
     * {@code HS512}, nor another family's), one of our keys and {@code typ} JWT if any; otherwise null.
     */
    private JWSVerifier verifierFor(JWSHeader candidate) {
        if (!header.getAlgorithm().equals(candidate.getAlgorithm())
                || (candidate.getType() != null && !JOSEObjectType.JWT.equals(candidate.getType()))
                || candidate.getKeyID() == null) {
            return null;
        }
        return verifiers.get(candidate.getKeyID());
    }
}
