package dev.authservice.adapter.out.crypto.session.jca;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import java.security.Provider;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The JCA provider ES256 and EdDSA sign and verify on, since every login and refresh signs a token: the Amazon
 * Corretto Crypto Provider (AWS-LC) where its native library loads (Linux x86-64), elsewhere Bouncy Castle, 3 to 5
 * times slower (docs/benchmarks/jmh-tokens.md; the JDK 17's own is slower still). It is handed to each signer and
 * verifier, never installed for the whole JVM, and chosen only when an ES256 or EdDSA key is made (ADR-0012).
 */
public final class SignatureProvider {

    private SignatureProvider() {
    }

    /** AWS-LC's when it loads, else Bouncy Castle's. */
    static Provider onThisMachine() {
        return Chosen.PROVIDER;
    }

    /** Which arithmetic {@link #onThisMachine()} is, and why, for the start-up log. */
    public static String describe() {
        Provider provider = onThisMachine();
        return provider == AmazonCorrettoCryptoProvider.INSTANCE
                ? "AWS-LC (Amazon Corretto Crypto Provider " + provider.getVersionStr() + ")"
                : "Bouncy Castle " + provider.getVersionStr() + ", 3 to 5 times slower: AWS-LC did not load here ("
                        + AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError() + ")";
    }

    /** Made on first use, so that a service on HS256 or RS256 loads neither provider. */
    private static final class Chosen {

        static final Provider PROVIDER = AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError() == null
                ? AmazonCorrettoCryptoProvider.INSTANCE
                : new BouncyCastleProvider();
    }
}
