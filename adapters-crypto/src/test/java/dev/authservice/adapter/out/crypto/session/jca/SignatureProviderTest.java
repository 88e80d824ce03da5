package dev.authservice.adapter.out.crypto.session.jca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import dev.authservice.adapter.out.crypto.session.JwtAlgorithm;
import java.security.Provider;
import java.util.stream.Stream;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;

class SignatureProviderTest {

    /** The providers ES256 and EdDSA may run on: AWS-LC's where it loads (the test below says where it must), and
     * Bouncy Castle's everywhere. */
    static Stream<Provider> providers() {
        return Stream.concat(
                Stream.of(AmazonCorrettoCryptoProvider.INSTANCE).filter(accp -> accp.getLoadingError() == null),
                Stream.of(new BouncyCastleProvider()));
    }

    /** Skips on other platforms; under CI ({@code CI=true}, Linux x86-64, as the benchmark's host) it fails there. */
    @Test
    void onLinuxX8664Es256AndEdDsaRunOnAwsLc() {
        boolean linuxX8664 = System.getProperty("os.name").equals("Linux")
                && System.getProperty("os.arch").equals("amd64");
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            assertTrue(linuxX8664, "CI runs on Linux x86-64, where ES256 and EdDSA must run on AWS-LC");
        }
        assumeTrue(linuxX8664, "the Amazon Corretto Crypto Provider's native library is built for Linux x86-64 only");

        assertEquals(AmazonCorrettoCryptoProvider.INSTANCE, SignatureProvider.onThisMachine(),
                String.valueOf(AmazonCorrettoCryptoProvider.INSTANCE.getLoadingError()));
        String awsLc = "AWS-LC (Amazon Corretto Crypto Provider " + AmazonCorrettoCryptoProvider.INSTANCE.getVersionStr()
                + ")";
        assertEquals(awsLc, JwtAlgorithm.ES256.implementation());
        assertEquals(awsLc, JwtAlgorithm.EdDSA.implementation());
        assertEquals("the JDK", JwtAlgorithm.RS256.implementation());
    }
}
