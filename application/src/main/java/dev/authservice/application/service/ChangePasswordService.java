package dev.authservice.application.service;

import dev.authservice.application.port.in.ChangePasswordUseCase;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.domain.login.LoginAttemptKey;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.user.PasswordPolicy;
import dev.authservice.domain.user.UserAccount;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

public final class ChangePasswordService implements ChangePasswordUseCase {

    private final UserStore users;
    private final PasswordHasher hasher;
    private final PasswordPolicy passwords;
    private final LoginAttemptLog attempts;
    private final RefreshTokenStore refreshTokens;
    private final Clock clock;

    public ChangePasswordService(UserStore users, PasswordHasher hasher, PasswordPolicy passwords,
                                 LoginAttemptLog attempts, RefreshTokenStore refreshTokens, Clock clock) {
        this.users = users;
        this.hasher = hasher;
        this.passwords = passwords;
        this.attempts = attempts;
        this.refreshTokens = refreshTokens;
        this.clock = clock;
    }

    @Override
    public Result changePassword(Command command) {
        Optional<UserAccount> found = users.findById(command.userId()).filter(UserAccount::enabled);
        if (found.isEmpty()) {
            return new Result.InvalidCredentials();
        }
        UserAccount user = found.get();
        Instant now = clock.instant();
        // The current password is guessed like a login, so it is throttled like one, under the same key.
        LoginAttemptKey key = new LoginAttemptKey(user.username(), command.clientAddress());
        Optional<Duration> wait = attempts.tryAttempt(key, now);
        if (wait.isPresent()) {
            return new Result.Throttled(wait.get());
        }
        if (!hasher.verify(command.currentPassword(), user.passwordHash())) {
            return new Result.InvalidCredentials();
        }
        attempts.clear(key);

        Optional<String> weakness = passwords.problemWith(command.newPassword(), user.username());
        if (weakness.isPresent()) {
            return new Result.WeakPassword(weakness.get());
        }
        if (!users.replacePasswordHash(user.id(), user.passwordHash(), hasher.hash(command.newPassword()))) {
            // Changed by another request since we verified it: the current password we checked is no longer current.
            return new Result.InvalidCredentials();
        }
        refreshTokens.revokeSessionsOf(user.id(), Optional.of(command.currentSession()),
                RevocationReason.PASSWORD_CHANGED, now);
        return new Result.Changed();
    }
}
