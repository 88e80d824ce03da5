package dev.authservice.example.resourceserver;

import io.micronaut.runtime.Micronaut;

/**
 * A protected resource outside auth-service. It verifies auth-service's access tokens by itself, with the keys
 * auth-service publishes (its JWK Set) and the issuer it writes, both set in {@code application.yml}; it shares no
 * code and no secret with auth-service. How to copy it, and what it cannot see: docs/resource-server.md.
 */
public final class ResourceServerApplication {

    private ResourceServerApplication() {
    }

    public static void main(String[] args) {
        Micronaut.run(ResourceServerApplication.class, args);
    }
}
