package dev.authservice.application.service;

import dev.authservice.application.port.in.IssuedTokens;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.login.LoginThrottlePolicy;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class LogInService implements LogInUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final LoginAttemptLog attempts;
    private final LoginThrottlePolicy throttle;
    private final RefreshTokenStore refreshTokens;
    private final TokenIssuer tokens;
    private final RandomSource random;
    private final Clock clock;
    /** Verified against when the user is unknown, so that an unknown user costs exactly one hash like a known one. */
    private final PasswordHash unknownUserHash;

    public LogInService(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts, LoginThrottlePolicy throttle,
                        RefreshTokenStore refreshTokens, TokenIssuer tokens, RandomSource random, Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.attempts = attempts;
        this.throttle = throttle;
        this.refreshTokens = refreshTokens;
        this.tokens = tokens;
        this.random = random;
        this.clock = clock;
        this.unknownUserHash = hasher.hash(new Password(random.refreshTokenValue()));
    }

    @Override
    public Result logIn(Command command) {
        Instant now = clock.instant();
        LoginAttemptKey key = new LoginAttemptKey(command.credentials().username(), command.clientAddress());
        Optional<Duration> wait = throttle.waitBefore(now, attempts.failuresSince(key, throttle.windowStart(now)));
        if (wait.isPresent()) {
            return new Result.Throttled(wait.get());
        }

        Optional<UserAccount> user = users.findByUsername(command.credentials().username());
        boolean passwordMatches = hasher.verify(command.credentials().password(),
                user.map(UserAccount::passwordHash).orElse(unknownUserHash));
        if (!passwordMatches || user.isEmpty() || !user.get().enabled()) {
            attempts.recordFailure(key, now);
            return new Result.InvalidCredentials();
        }
        attempts.clear(key);
        return new Result.LoggedIn(startSession(user.get(), command, now));
    }

    private IssuedTokens startSession(UserAccount user, Command command, Instant now) {
        SessionId sessionId = new SessionId(random.uuid());
        TokenIssuer.NewRefreshToken refreshToken = tokens.newRefreshToken();
        refreshTokens.startSession(
                new Session(sessionId, user.id(), now, command.clientAddress(), command.userAgent()),
                RefreshToken.issue(refreshToken.hash(), sessionId, user.id(), now, tokens.policy().refreshTokenTtl()));
        return tokens.issue(user, sessionId, refreshToken, now);
    }
}
