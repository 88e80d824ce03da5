package dev.authservice.application.session.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.authservice.application.fixtures.SessionMother;
import dev.authservice.application.session.port.in.PublishTokenKeysUseCase.Query;
import dev.authservice.application.session.port.in.PublishTokenKeysUseCase.Result;
import dev.authservice.application.session.port.out.PublicTokenKeys;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PublishTokenKeysServiceTest {

    /** RFC 8037's example Ed25519 key, its public half. */
    private static final Map<String, String> KEY = Map.of("kty", "OKP", "crv", "Ed25519",
            "x", "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", "kid", "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",
            "alg", "EdDSA", "use", "sig");

    @Test
    void theIssuerTheAlgorithmAndThePublicKeysArePublished() {
        PublishTokenKeysService service = new PublishTokenKeysService(keys("EdDSA", List.of(KEY)),
                SessionMother.POLICY);

        assertEquals(new Result.Published(SessionMother.POLICY.issuer(), "EdDSA", List.of(KEY)),
                service.publishTokenKeys(new Query()));
    }

    @Test
    void aSharedSecretIsNeverPublished() {
        PublishTokenKeysService service = new PublishTokenKeysService(keys("HS256", List.of()), SessionMother.POLICY);

        assertEquals(new Result.SharedSecret(), service.publishTokenKeys(new Query()));
    }

    private static PublicTokenKeys keys(String algorithm, List<Map<String, String>> jwks) {
        return new PublicTokenKeys() {
            @Override
            public String algorithm() {
                return algorithm;
            }

            @Override
            public List<Map<String, String>> jwks() {
                return jwks;
            }
        };
    }
}
