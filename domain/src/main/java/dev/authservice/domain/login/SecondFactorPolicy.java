package dev.authservice.domain.login;

import dev.authservice.domain.Require;
import java.time.Duration;

/**
 * How long a login whose password was right waits for its second factor, and how many wrong codes it survives.
 *
 * @param pendingLoginTtl at most {@link #MAX_PENDING_LOGIN_TTL}: a ticket is a half-finished login, worth little to
 *                        keep and something to whoever steals it
 * @param maxWrongCodes   wrong codes after which the pending login dies; the user starts again with the password,
 *                        which the login throttle counts
 */
public record SecondFactorPolicy(Duration pendingLoginTtl, int maxWrongCodes) {

    public static final Duration MAX_PENDING_LOGIN_TTL = Duration.ofMinutes(5);
    public static final int MAX_WRONG_CODES = 10;

    public SecondFactorPolicy {
        Require.positive("pendingLoginTtl", pendingLoginTtl, MAX_PENDING_LOGIN_TTL);
        Require.range("maxWrongCodes", maxWrongCodes, 1, MAX_WRONG_CODES);
    }

    public static SecondFactorPolicy defaults() {
        return new SecondFactorPolicy(MAX_PENDING_LOGIN_TTL, 5);
    }
}
