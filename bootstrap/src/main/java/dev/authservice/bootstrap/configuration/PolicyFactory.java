package dev.authservice.bootstrap.configuration;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.mail.DeliveryPolicy;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.recovery.ResetRequestLimit;
import dev.authservice.domain.recovery.ResetTokenPolicy;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.session.TokenPolicy;
import dev.authservice.domain.user.EmailVerificationPolicy;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The domain's policies, read from the configuration and checked there: each is built with the context, so that a bad
 * setting, or one beyond the ceiling its policy sets, stops the start in every environment with one line naming the
 * key ({@link MisconfigurationException}) instead of failing the first request that needs it.
 */
@Factory
public class PolicyFactory {

    /** The names of the {@link OpenPerAddressLimit}s: one per thing anyone may start and leave open. */
    public static final String PASSKEY_LOGIN_CHALLENGES = "passkey-login-challenges";
    public static final String PENDING_AUTHORIZATIONS = "pending-authorizations";

    private static final List<String> ATTEMPT_LOGS = List.of("memory", "database");

    /** The key, and its environment variable, that sets each value the domain's policies refuse by its name. */
    private static final Map<String, String> KEYS = Map.ofEntries(
            Map.entry("accessTokenTtl", "auth.access-token.ttl (AUTH_ACCESS_TOKEN_TTL)"),
            Map.entry("refreshTokenTtl", "auth.refresh-token.ttl (AUTH_REFRESH_TOKEN_TTL)"),
            Map.entry("clockSkew", "auth.jwt.clock-skew (AUTH_JWT_CLOCK_SKEW)"),
            Map.entry("sessionMaxLifetime", "auth.session.max-lifetime (AUTH_SESSION_MAX_LIFETIME)"),
            Map.entry("reuseGrace", "auth.refresh-token.reuse-grace (AUTH_REFRESH_TOKEN_REUSE_GRACE)"),
            Map.entry("maxFailures", "auth.login.max-failures (AUTH_LOGIN_MAX_FAILURES)"),
            Map.entry("maxFailuresPerAddress",
                    "auth.login.max-failures-per-address (AUTH_LOGIN_MAX_FAILURES_PER_ADDRESS)"),
            Map.entry("window", "auth.login.failure-window (AUTH_LOGIN_FAILURE_WINDOW)"),
            Map.entry("pendingLoginTtl", "auth.second-factor.pending-login-ttl (AUTH_SECOND_FACTOR_PENDING_LOGIN_TTL)"),
            Map.entry("maxWrongCodes", "auth.second-factor.max-wrong-codes (AUTH_SECOND_FACTOR_MAX_WRONG_CODES)"),
            Map.entry("maxAge", "auth.step-up.max-age (AUTH_STEP_UP_MAX_AGE)"));

    /** The keys of {@link DeliveryPolicy}'s values, apart: its {@code maxAge} is not the step-up's. */
    private static final Map<String, String> MAIL_KEYS = Map.of(
            "maxAttempts", "auth.mail.max-attempts (AUTH_MAIL_MAX_ATTEMPTS)",
            "backOffBase", "auth.mail.back-off.base (AUTH_MAIL_BACK_OFF_BASE)",
            "backOffCeiling", "auth.mail.back-off.ceiling (AUTH_MAIL_BACK_OFF_CEILING)",
            "maxAge", "auth.mail.max-age (AUTH_MAIL_MAX_AGE)");

    /** The keys of the password reset's values, apart: its {@code window} is not the login's. */
    private static final Map<String, String> RESET_KEYS = Map.of(
            "lifetime", "auth.password-reset.token-lifetime (AUTH_PASSWORD_RESET_TOKEN_LIFETIME)",
            "perAccount", "auth.password-reset.max-requests-per-account (AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ACCOUNT)",
            "perAddress", "auth.password-reset.max-requests-per-address (AUTH_PASSWORD_RESET_MAX_REQUESTS_PER_ADDRESS)",
            "window", "auth.password-reset.request-window (AUTH_PASSWORD_RESET_REQUEST_WINDOW)");

    @Context
    TokenPolicy tokenPolicy(@Property(name = "auth.access-token.ttl") Duration accessTokenTtl,
                            @Property(name = "auth.refresh-token.ttl") Duration refreshTokenTtl,
                            @Property(name = "auth.jwt.issuer") String issuer,
                            @Property(name = "auth.jwt.clock-skew") Duration clockSkew,
                            @Property(name = "auth.session.max-lifetime") Duration sessionMaxLifetime,
                            @Property(name = "auth.refresh-token.reuse-grace") Duration reuseGrace) {
        try {
            return new TokenPolicy(accessTokenTtl, refreshTokenTtl, issuer, clockSkew, sessionMaxLifetime,
                    reuseGrace);
        } catch (InvalidValueException e) {
            throw misconfigured(e);
        }
    }

    /**
     * The attempts are counted where {@code auth.login.attempt-log} says, and the persistence adapter for that value is
     * the one that exists: {@code memory} (each instance its own count) or {@code database} (one count for every
     * instance sharing the database, kept over restarts).
     */
    @Context
    LoginThrottlePolicy loginThrottlePolicy(@Property(name = "auth.login.max-failures") int maxFailures,
                                            @Property(name = "auth.login.max-failures-per-address")
                                            int maxFailuresPerAddress,
                                            @Property(name = "auth.login.failure-window") Duration window,
                                            @Property(name = "auth.login.attempt-log") String attemptLog) {
        if (!ATTEMPT_LOGS.contains(attemptLog)) {
            throw new MisconfigurationException("auth.login.attempt-log (AUTH_LOGIN_ATTEMPT_LOG) must be one of "
                    + ATTEMPT_LOGS + ", not '" + attemptLog + "'");
        }
        try {
            return new LoginThrottlePolicy(maxFailures, maxFailuresPerAddress, window);
        } catch (InvalidValueException e) {
            throw misconfigured(e);
        }
    }

    private static MisconfigurationException misconfigured(InvalidValueException refused) {
        return new MisconfigurationException(KEYS.get(refused.field()) + ": " + refused.getMessage());
    }

    @Context
    SecondFactorPolicy secondFactorPolicy(
            @Property(name = "auth.second-factor.pending-login-ttl") Duration pendingLoginTtl,
            @Property(name = "auth.second-factor.max-wrong-codes") int maxWrongCodes) {
        try {
            return new SecondFactorPolicy(pendingLoginTtl, maxWrongCodes);
        } catch (InvalidValueException e) {
            throw misconfigured(e);
        }
    }

    @Context
    DeliveryPolicy deliveryPolicy(@Property(name = "auth.mail.max-attempts") int maxAttempts,
                                  @Property(name = "auth.mail.back-off.base") Duration backOffBase,
                                  @Property(name = "auth.mail.back-off.ceiling") Duration backOffCeiling,
                                  @Property(name = "auth.mail.max-age") Duration maxAge) {
        try {
            return new DeliveryPolicy(maxAttempts, backOffBase, backOffCeiling, maxAge);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException(MAIL_KEYS.get(e.field()) + ": " + e.getMessage());
        }
    }

    @Context
    StepUpPolicy stepUpPolicy(@Property(name = "auth.step-up.max-age") Duration maxAge) {
        try {
            return new StepUpPolicy(maxAge);
        } catch (InvalidValueException e) {
            throw misconfigured(e);
        }
    }

    @Context
    @Named(PASSKEY_LOGIN_CHALLENGES)
    OpenPerAddressLimit passkeyLoginChallengeLimit(
            @Property(name = "auth.webauthn.max-open-challenges-per-address") int maxOpenPerAddress) {
        return openPerAddressLimit(maxOpenPerAddress,
                "auth.webauthn.max-open-challenges-per-address (AUTH_WEBAUTHN_MAX_OPEN_CHALLENGES_PER_ADDRESS)");
    }

    @Context
    @Named(PENDING_AUTHORIZATIONS)
    OpenPerAddressLimit pendingAuthorizationLimit(
            @Property(name = "auth.oidc.max-open-authorizations-per-address") int maxOpenPerAddress) {
        return openPerAddressLimit(maxOpenPerAddress,
                "auth.oidc.max-open-authorizations-per-address (AUTH_OIDC_MAX_OPEN_AUTHORIZATIONS_PER_ADDRESS)");
    }

    private static OpenPerAddressLimit openPerAddressLimit(int maxOpenPerAddress, String key) {
        try {
            return new OpenPerAddressLimit(maxOpenPerAddress);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException(key + ": " + e.getMessage());
        }
    }

    @Context
    EmailVerificationPolicy emailVerificationPolicy(
            @Property(name = "auth.email-verification.token-lifetime") Duration lifetime) {
        try {
            return new EmailVerificationPolicy(lifetime);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException("auth.email-verification.token-lifetime "
                    + "(AUTH_EMAIL_VERIFICATION_TOKEN_LIFETIME): " + e.getMessage());
        }
    }

    @Context
    ResetTokenPolicy resetTokenPolicy(@Property(name = "auth.password-reset.token-lifetime") Duration lifetime) {
        try {
            return new ResetTokenPolicy(lifetime);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException(RESET_KEYS.get(e.field()) + ": " + e.getMessage());
        }
    }

    /** The limits on requests that send mail: the password reset's, counted per identifier and per address. */
    @Context
    ResetRequestLimit resetRequestLimit(
            @Property(name = "auth.password-reset.max-requests-per-account") int perAccount,
            @Property(name = "auth.password-reset.max-requests-per-address") int perAddress,
            @Property(name = "auth.password-reset.request-window") Duration window) {
        try {
            return new ResetRequestLimit(perAccount, perAddress, window);
        } catch (InvalidValueException e) {
            throw new MisconfigurationException(RESET_KEYS.get(e.field()) + ": " + e.getMessage());
        }
    }
}
