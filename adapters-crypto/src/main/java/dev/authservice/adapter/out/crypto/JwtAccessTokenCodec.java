package dev.authservice.adapter.out.crypto;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jose.util.JSONObjectUtils;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.domain.token.AccessToken;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.text.ParseException;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Access tokens as compact JWTs signed with HMAC-SHA256 (RFC 7519, RFC 7518), header
 * {@code {"alg":"HS256","typ":"JWT","kid":"..."}}. A token decodes only if its header names exactly that algorithm and
 * our key, and its MAC, compared in constant time, is ours; everything else, from garbage to
 * {@code alg: none}, is simply not one of our tokens. Thread-safe: the Nimbus verifier is, and each call works on its own
 * copy of the {@link Mac}.
 */
public final class JwtAccessTokenCodec implements AccessTokenCodec {

    /** The one algorithm accepted; the header is never trusted to choose it. */
    private static final JWSAlgorithm ALGORITHM = JWSAlgorithm.HS256;

    private static final String JCA_MAC = "HmacSHA256";
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final JWSHeader header;
    private final JWSVerifier verifier;
    /** The first part of every token {@link #encode} writes: the header, as Base64URL. */
    private final String ourHeaderPart;
    private final SecretKeySpec key;
    /**
     * Initialised once and only ever cloned, for {@link #encode} and {@link #decodeWithOurHeader}: Nimbus's signer and
     * verifier look the algorithm up and initialise a new one on every call. A clone per call, not one per thread,
     * because on JDK 21+ blocking requests run on virtual threads, a new one per request (docs/benchmarks, JMH).
     */
    private final Mac initialised;

    public JwtAccessTokenCodec(JwtSecret secret) {
        this.header = new JWSHeader.Builder(ALGORITHM).type(JOSEObjectType.JWT).keyID(secret.keyId()).build();
        this.ourHeaderPart = header.toBase64URL().toString();
        try {
            this.verifier = new MACVerifier(secret.bytes());
        } catch (JOSEException e) {
            throw new IllegalStateException("a JwtSecret is always long enough for HS256", e);
        }
        this.key = new SecretKeySpec(secret.bytes(), JCA_MAC);
        this.initialised = newMac();
    }

    /**
     * The compact JWS that Nimbus's {@code JWSObject} and {@code MACSigner} would write, but with the claims in
     * {@link AccessTokenClaims}' order and a clone of our initialised {@link Mac}.
     */
    @Override
    public String encode(AccessToken token) {
        String signingInput = ourHeaderPart + '.' + BASE64URL.encodeToString(
                JSONObjectUtils.toJSONString(AccessTokenClaims.of(token)).getBytes(StandardCharsets.UTF_8));
        return signingInput + '.' + new String(signatureOf(signingInput), StandardCharsets.US_ASCII);
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
            // The header is checked first, so it never gets to pick the algorithm; the claims are read only once the
            // MAC has proved them ours.
            if (!isOurs(jws.getHeader()) || !jws.verify(verifier)) {
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
     * The tokens this service writes, whose header is byte for byte the one {@link #encode} writes, so it is ours
     * without being parsed: the MAC over {@code header.payload} must be, in canonical unpadded Base64URL, exactly the
     * third part, compared in constant time; only then are the claims read. Every other token, ours or not, takes
     * the general way through Nimbus.
     */
    private Optional<AccessToken> decodeWithOurHeader(String token) {
        int payloadEnd = token.indexOf('.', ourHeaderPart.length() + 1);
        if (payloadEnd < 0 || token.indexOf('.', payloadEnd + 1) >= 0) {
            return Optional.empty();
        }
        byte[] expected = signatureOf(token.substring(0, payloadEnd));
        if (!MessageDigest.isEqual(expected, token.substring(payloadEnd + 1).getBytes(StandardCharsets.US_ASCII))) {
            return Optional.empty();
        }
        try {
            String payload = new String(Base64.getUrlDecoder().decode(
                    token.substring(ourHeaderPart.length() + 1, payloadEnd)), StandardCharsets.UTF_8);
            return Optional.of(AccessTokenClaims.toAccessToken(JSONObjectUtils.parse(payload)));
        } catch (ParseException | RuntimeException e) {
            // Signed by us but not our claims (only possible with our secret): as untrusted as any other input.
            return Optional.empty();
        }
    }

    /** The third part of a compact JWS: the HS256 MAC over {@code header.payload}, unpadded Base64URL, as ASCII. */
    private byte[] signatureOf(String signingInput) {
        return BASE64URL.encode(mac().doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
    }

    private Mac mac() {
        try {
            return (Mac) initialised.clone();
        } catch (CloneNotSupportedException notByThisProvider) {
            return newMac();
        }
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(JCA_MAC);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has " + JCA_MAC, e);
        }
    }

    /** HS256 exactly (so not {@code none}, {@code HS512} or {@code RS256}), our {@code kid}, and {@code typ} JWT if any. */
    private boolean isOurs(JWSHeader candidate) {
        return ALGORITHM.equals(candidate.getAlgorithm())
                && header.getKeyID().equals(candidate.getKeyID())
                && (candidate.getType() == null || JOSEObjectType.JWT.equals(candidate.getType()));
    }
}
