package dev.authservice.adapter.out.crypto;

import java.security.Provider;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The JCA provider of ES256's signatures: Bouncy Castle's, whose P-256 (a dedicated field and fixed-point tables for
 * the base point) signs and verifies several times faster than the JDK 17 one, which cost a refresh about as much
 * again as everything else it does (docs/benchmarks/jmh-tokens.md). Handed to Nimbus per signer and verifier, never
 * installed for the whole JVM, and made only when an ES256 key is.
 */
final class EcdsaProvider {

    static final Provider INSTANCE = new BouncyCastleProvider();

    private EcdsaProvider() {
    }
}
