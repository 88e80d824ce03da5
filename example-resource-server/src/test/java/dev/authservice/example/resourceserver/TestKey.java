package dev.authservice.example.resourceserver;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * An ES256 key the test makes: written as the PEM files auth-service reads (docs/keys.md), and able to sign a token
 * as auth-service would, with the same {@code kid} (the RFC 7638 thumbprint).
 */
record TestKey(ECKey jwk) {

    static TestKey generate() throws JOSEException {
        return new TestKey(new ECKeyGenerator(Curve.P_256).keyIDFromThumbprint(true).generate());
    }

    String kid() {
        return jwk.getKeyID();
    }

    /** A signing key file: the PKCS#8 private key, then the SPKI public key. */
    Path writeSigningKeyFile(Path file) throws IOException, JOSEException {
        return Files.writeString(file, pem("PRIVATE KEY", jwk.toECPrivateKey().getEncoded())
                + pem("PUBLIC KEY", jwk.toECPublicKey().getEncoded()));
    }

    /** A verification-only key file: the SPKI public key. */
    Path writePublicKeyFile(Path file) throws IOException, JOSEException {
        return Files.writeString(file, pem("PUBLIC KEY", jwk.toECPublicKey().getEncoded()));
    }

    String sign(JWTClaimsSet claims) throws JOSEException {
        SignedJWT token = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256).type(JOSEObjectType.JWT).keyID(kid()).build(), claims);
        token.sign(new ECDSASigner(jwk));
        return token.serialize();
    }

    private static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }
}
