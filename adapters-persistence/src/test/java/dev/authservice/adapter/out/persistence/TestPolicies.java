package dev.authservice.adapter.out.persistence;

import dev.authservice.application.fixtures.LookAlikeSkeletons;
import dev.authservice.application.user.port.out.UsernameSkeletons;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * The beans that bootstrap's wiring gives this module's adapters in the service, for its tests' contexts only: when
 * Maven runs bootstrap's tests without packaging ({@code test}), it puts all of this module's test classes on their
 * class path instead of the test-jar, and these would stand beside bootstrap's own.
 */
@Factory
@Requires(property = TestPolicies.ON, value = "true")
class TestPolicies {

    /** Set by {@link TestDatabase} on the contexts it starts. */
    static final String ON = "adapters-persistence.test-policies";

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
