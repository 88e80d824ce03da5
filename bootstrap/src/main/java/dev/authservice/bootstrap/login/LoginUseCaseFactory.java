package dev.authservice.bootstrap.login;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.login.port.in.CompleteLogInUseCase;
import dev.authservice.application.login.port.in.LogInUseCase;
import dev.authservice.application.login.port.in.ReauthenticateUseCase;
import dev.authservice.application.login.port.out.PendingLoginStore;
import dev.authservice.application.login.service.CompleteLogInService;
import dev.authservice.application.login.service.LogInService;
import dev.authservice.application.login.service.PendingLoginTickets;
import dev.authservice.application.login.service.ReauthenticateService;
import dev.authservice.application.login.service.SessionStart;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.application.session.service.SessionReauthentication;
import dev.authservice.application.session.service.TokenIssuer;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.LoginAttemptLog;
import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.service.PasswordCheck;
import dev.authservice.bootstrap.configuration.PolicyFactory;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * Wires the use cases of logging in, with a password and completed by a second factor, and of proving again who one
 * is; and what they share: the tickets of logins waiting for their second step, and the start of a session.
 * The services are plain classes, built from the ports the adapters provide and the policies {@link PolicyFactory}
 * reads from the configuration.
 */
@Factory
class LoginUseCaseFactory {

    @Singleton
    SessionStart sessionStart(UserStore users, SessionStore sessions, TokenIssuer tokens, TokenPolicy policy,
                              RandomSource random, AuditLog audit) {
        return new SessionStart(users, sessions, tokens, policy, random, audit);
    }

    /** No relying party: passkeys are off, and those registered before are offered to nobody. */
    @Singleton
    PendingLoginTickets pendingLoginTickets(PendingLoginStore pendingLogins, SecondFactorPolicy policy,
                                            PasskeyStore passkeys, @Nullable RelyingParty relyingParty,
                                            RandomSource random) {
        return new PendingLoginTickets(pendingLogins, policy, Optional.ofNullable(relyingParty).map(on -> passkeys),
                random);
    }

    /** Without a relying party (passkeys off) no passkey proves anything. */
    @Singleton
    ReauthenticateUseCase reauthenticate(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                                         SecondFactorCheck secondFactors, @Nullable PasskeyAssertionCheck passkeyCheck,
                                         SessionReauthentication renewal, AuditLog audit, Clock clock) {
        return new ReauthenticateService(users, hasher, attempts, secondFactors, Optional.ofNullable(passkeyCheck),
                renewal, audit, clock);
    }

    @Singleton
    LogInUseCase logIn(PasswordCheck passwords, LoginAttemptLog attempts, SecondFactorCheck secondFactors,
                       PendingLoginTickets tickets, SessionStart sessionStart, AuditLog audit, Clock clock) {
        return new LogInService(passwords, attempts, secondFactors, tickets, sessionStart, audit, clock);
    }

    /** Without a relying party (passkeys off) no passkey completes a login. */
    @Singleton
    CompleteLogInUseCase completeLogIn(UserStore users, LoginAttemptLog attempts, PendingLoginTickets tickets,
                                       SecondFactorCheck secondFactors, @Nullable PasskeyAssertionCheck passkeyCheck,
                                       SessionStart sessionStart, AuditLog audit, Clock clock) {
        return new CompleteLogInService(users, attempts, tickets, secondFactors, Optional.ofNullable(passkeyCheck),
                sessionStart, audit, clock);
    }
}
