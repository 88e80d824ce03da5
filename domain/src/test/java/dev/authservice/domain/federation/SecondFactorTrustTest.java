package dev.authservice.domain.federation;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SecondFactorTrustTest {

    private static ProviderClaims saying(String acr, List<String> amr) {
        return new ProviderClaims(Optional.empty(), Optional.empty(), Optional.empty(), Optional.ofNullable(acr), amr);
    }

    @Test
    void nothingIsTrustedUnlessConfigured() {
        assertFalse(SecondFactorTrust.NONE.vouchesForASecondFactor(saying("urn:example:loa:3", List.of("mfa"))));
    }

    @Test
    void aTrustedAcrOrAnyTrustedAmrValueVouches() {
        SecondFactorTrust trust = new SecondFactorTrust(Set.of("urn:example:loa:2"), Set.of("mfa", "hwk"));
        assertTrue(trust.vouchesForASecondFactor(saying("urn:example:loa:2", List.of())));
        assertTrue(trust.vouchesForASecondFactor(saying(null, List.of("pwd", "hwk"))));
        assertFalse(trust.vouchesForASecondFactor(saying("urn:example:loa:1", List.of("pwd", "otp"))));
        assertFalse(trust.vouchesForASecondFactor(saying(null, List.of())));
    }
}
