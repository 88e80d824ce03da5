package dev.authservice.bootstrap;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Date;
import java.util.function.UnaryOperator;

/** Reads and forges access tokens in tests, with the secret of application-test.yml. */
final class Tokens {

    static final String TEST_SECRET = "test-secret-that-is-at-least-32-bytes-long!";

    private Tokens() {
    }

    static String header(String jwt) {
        return decodePart(jwt, 0);
    }

    static String payload(String jwt) {
        return decodePart(jwt, 1);
    }

    /** The token's claims, changed by {@code edit}, signed again with {@code algorithm} and the test secret. */
    static String resign(String jwt, JWSAlgorithm algorithm, UnaryOperator<JWTClaimsSet.Builder> edit) {
        try {
            SignedJWT original = SignedJWT.parse(jwt);
            JWSHeader header = new JWSHeader.Builder(algorithm).type(JOSEObjectType.JWT)
                    .keyID(original.getHeader().getKeyID()).build();
            SignedJWT forged = new SignedJWT(header, edit.apply(new JWTClaimsSet.Builder(original.getJWTClaimsSet()))
                    .build());
            forged.sign(new MACSigner(TEST_SECRET.getBytes(StandardCharsets.UTF_8)));
            return forged.serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String resign(String jwt, UnaryOperator<JWTClaimsSet.Builder> edit) {
        return resign(jwt, JWSAlgorithm.HS256, edit);
    }

    /** The same claims under {@code {"alg":"<alg>"}} with an empty signature: the classic "alg: none" attack. */
    static String unsigned(String jwt, String alg) {
        String header = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}").getBytes(StandardCharsets.UTF_8));
        return header + "." + jwt.split("\\.")[1] + ".";
    }

    static Date secondsFromNow(long seconds) {
        return new Date(System.currentTimeMillis() + seconds * 1000);
    }

    private static String decodePart(String jwt, int index) {
        return new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[index]), StandardCharsets.UTF_8);
    }
}
