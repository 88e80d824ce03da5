package dev.authservice.example.resourceserver;

import io.micronaut.context.annotation.Value;
import io.micronaut.security.token.Claims;
import io.micronaut.security.token.jwt.validator.GenericJwtClaimsValidator;
import jakarta.inject.Singleton;

/**
 * A token is accepted only if its {@code iss} is exactly {@code auth-service.issuer}. micronaut-security's own issuer
 * check ({@code micronaut.security.token.jwt.claims-validators.issuer}) drops {@code http(s)://} and compares by
 * suffix, so with {@code https://auth.example.com} configured it would also take {@code example.com}; it is not
 * configured here. Exactly means character for character: {@code https://auth.example.com/} is another issuer than
 * {@code https://auth.example.com}.
 */
@Singleton
class ExactIssuer<T> implements GenericJwtClaimsValidator<T> {

    private final String issuer;

    ExactIssuer(@Value("${auth-service.issuer}") String issuer) {
        this.issuer = issuer;
    }

    @Override
    public boolean validate(Claims claims, T request) {
        return issuer.equals(claims.get(Claims.ISSUER));
    }
}
