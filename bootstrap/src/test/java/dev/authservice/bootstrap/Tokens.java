package dev.authservice.bootstrap;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Date;
import java.util.function.UnaryOperator;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Reads and forges access tokens in tests, with the secret of application-test.yml. */
final class Tokens {

    static final String TEST_SECRET = "6dTty7OtksNGqH7Qts3QXXUnZPWkJDeEchoRqWrERD4=";

    private Tokens() {
    }

    static String header(String jwt) {
        return decodePart(jwt, 0);
    }

    static String payload(String jwt) {
        return decodePart(jwt, 1);
    }

    /**
     * The token's claims, changed by {@code edit}, signed again with the test secret and {@code algorithm} (HS256,
     * HS384 or HS512). The MAC is computed by hand: Nimbus rightly refuses HS512 with a 43-byte key.
     */
    static String resign(String jwt, JWSAlgorithm algorithm, UnaryOperator<JWTClaimsSet.Builder> edit) {
        try {
            SignedJWT original = SignedJWT.parse(jwt);
            JWSHeader header = new JWSHeader.Builder(algorithm).type(JOSEObjectType.JWT)
                    .keyID(original.getHeader().getKeyID()).build();
            JWTClaimsSet claims = edit.apply(new JWTClaimsSet.Builder(original.getJWTClaimsSet())).build();
            String signingInput = header.toBase64URL() + "." + base64Url(claims.toString());
            String macAlgorithm = "HmacSHA" + algorithm.getName().substring(2);
            Mac mac = Mac.getInstance(macAlgorithm);
            mac.init(new SecretKeySpec(TEST_SECRET.getBytes(StandardCharsets.UTF_8), macAlgorithm));
            return signingInput + "." + Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64Url(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    static String resign(String jwt, UnaryOperator<JWTClaimsSet.Builder> edit) {
        return resign(jwt, JWSAlgorithm.HS256, edit);
    }

    /** The same claims under {@code {"alg":"<alg>"}} with an empty signature: the classic "alg: none" attack. */
    static String unsigned(String jwt, String alg) {
        return base64Url("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}") + "." + jwt.split("\\.")[1] + ".";
    }

    static Date secondsFromNow(long seconds) {
        return new Date(System.currentTimeMillis() + seconds * 1000);
    }

    private static String decodePart(String jwt, int index) {
        return new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[index]), StandardCharsets.UTF_8);
    }
}
