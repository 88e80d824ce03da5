package dev.authservice.adapter.out.crypto.session.jca;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.jca.JCAContext;
import com.nimbusds.jose.util.Base64URL;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Signature;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A Nimbus signer for one JWS algorithm over JCA signatures initialised once and reused. Nimbus's own signers look the
 * JCA signature up, make a {@code SecureRandom} and initialise the signature again for every token: 5 of the 50 µs an
 * ES256 signature cost the service under load (docs/benchmarks), and on AWS-LC initialising an Ed25519 signature
 * derives the public key, as long again as the signature. Pooled rather than kept per thread, because on JDK 21+
 * blocking requests run on virtual threads, a new one per request. Thread-safe.
 */
final class PooledJcaSigner implements JWSSigner {

    /** The JWS signature (RFC 7518, RFC 8037) in the bytes of the JCA one. */
    @FunctionalInterface
    interface JwsEncoding {
        byte[] of(byte[] jcaSignature) throws JOSEException;
    }

    /** More than requests sign at once on a few cores; past it, a signature is made for one request only. */
    private static final int IDLE_SIGNATURES = 16;

    private final JWSAlgorithm algorithm;
    private final Set<JWSAlgorithm> supported;
    private final String jcaAlgorithm;
    private final PrivateKey key;
    private final Provider provider;
    private final JwsEncoding encoding;
    private final BlockingQueue<Signature> idle = new ArrayBlockingQueue<>(IDLE_SIGNATURES);
    private final JCAContext unused = new JCAContext();

    /** @throws JOSEException if {@code provider} cannot sign {@code jcaAlgorithm} with {@code key} */
    PooledJcaSigner(JWSAlgorithm algorithm, String jcaAlgorithm, PrivateKey key, Provider provider,
                    JwsEncoding encoding) throws JOSEException {
        this.algorithm = algorithm;
        this.supported = Set.of(algorithm);
        this.jcaAlgorithm = jcaAlgorithm;
        this.key = key;
        this.provider = provider;
        this.encoding = encoding;
        idle.add(initialised()); // so that a key the provider refuses is refused at start-up, not at the first login
    }

    @Override
    public Base64URL sign(JWSHeader header, byte[] signingInput) throws JOSEException {
        if (!algorithm.equals(header.getAlgorithm())) {
            throw new JOSEException("this key signs " + algorithm + " only, not " + header.getAlgorithm());
        }
        Signature signature = idle.poll();
        if (signature == null) {
            signature = initialised();
        }
        byte[] jca;
        try {
            signature.update(signingInput);
            jca = signature.sign();
        } catch (GeneralSecurityException e) {
            throw new JOSEException(algorithm + " could not sign", e);
        }
        idle.offer(signature); // only after a complete signature, which leaves it as initialised
        return Base64URL.encode(encoding.of(jca));
    }

    private Signature initialised() throws JOSEException {
        try {
            Signature signature = Signature.getInstance(jcaAlgorithm, provider);
            signature.initSign(key);
            return signature;
        } catch (GeneralSecurityException e) {
            throw new JOSEException(provider.getName() + " cannot sign " + algorithm + " with this key", e);
        }
    }

    @Override
    public Set<JWSAlgorithm> supportedJWSAlgorithms() {
        return supported;
    }

    /** Nimbus asks every signer for one; the provider is chosen once, in the constructor. */
    @Override
    public JCAContext getJCAContext() {
        return unused;
    }
}
