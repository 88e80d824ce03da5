package dev.authservice.adapter.out.persistence;

import dev.authservice.application.fixtures.LookAlikeSkeletons;
import dev.authservice.application.port.out.UsernameSkeletons;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.token.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/** The beans that bootstrap's wiring gives this module's adapters in the service, for its tests' contexts. */
@Factory
class TestPolicies {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Singleton
    TokenPolicy tokenPolicy(@Property(name = "auth.access-token.ttl", defaultValue = "15m") Duration accessTokenTtl,
                            @Property(name = "auth.jwt.clock-skew", defaultValue = "30s") Duration clockSkew) {
        return new TokenPolicy(accessTokenTtl, Duration.ofDays(30), "auth-service", clockSkew,
                Duration.ofDays(90), Duration.ZERO);
    }

    /** The skeletons {@code UserStoreContract} expects; the service's are ICU's, from {@code adapters-unicode}. */
    @Singleton
    UsernameSkeletons usernameSkeletons() {
        return new LookAlikeSkeletons();
    }

    @Singleton
    LoginThrottlePolicy loginThrottlePolicy() {
        return new LoginThrottlePolicy(5, 100, Duration.ofMinutes(15));
    }
}
