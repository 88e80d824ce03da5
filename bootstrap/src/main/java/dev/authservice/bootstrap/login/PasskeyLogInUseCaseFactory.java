package dev.authservice.bootstrap.login;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.BeginPasskeyLogInUseCase;
import dev.authservice.application.login.port.in.LogInWithPasskeyUseCase;
import dev.authservice.application.login.port.out.PendingLoginStore;
import dev.authservice.application.login.service.BeginPasskeyLogInService;
import dev.authservice.application.login.service.LogInWithPasskeyService;
import dev.authservice.application.login.service.SessionStart;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.bootstrap.configuration.PolicyFactory;
import dev.authservice.domain.network.OpenPerAddressLimit;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires logging in with a passkey, when there is a relying party to check it for ({@code WebAuthnFactory}); without
 * one the paths answer 404.
 */
@Factory
@Requires(beans = RelyingParty.class)
class PasskeyLogInUseCaseFactory {

    @Singleton
    BeginPasskeyLogInUseCase beginPasskeyLogIn(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                               PendingLoginStore pendingLogins, RelyingParty relyingParty,
                                               @Named(PolicyFactory.PASSKEY_LOGIN_CHALLENGES) OpenPerAddressLimit limit, RandomSource random, Clock clock) {
        return new BeginPasskeyLogInService(passkeys, challenges, pendingLogins, relyingParty, limit, random, clock);
    }

    @Singleton
    LogInWithPasskeyUseCase logInWithPasskey(UserStore users, LoginAttemptLog attempts, PasskeyAssertionCheck check,
                                             SessionStart sessionStart, AuditLog audit, Clock clock) {
        return new LogInWithPasskeyService(users, attempts, check, sessionStart, audit, clock);
    }
}
