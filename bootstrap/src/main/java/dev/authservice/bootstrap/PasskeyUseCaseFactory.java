package dev.authservice.bootstrap;

import dev.authservice.application.port.in.BeginPasskeyLogInUseCase;
import dev.authservice.application.port.in.BeginPasskeyRegistrationUseCase;
import dev.authservice.application.port.in.DeleteMyPasskeyUseCase;
import dev.authservice.application.port.in.ListMyPasskeysUseCase;
import dev.authservice.application.port.in.ListUserPasskeysUseCase;
import dev.authservice.application.port.in.LogInWithPasskeyUseCase;
import dev.authservice.application.port.in.RegisterPasskeyUseCase;
import dev.authservice.application.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasskeyChallengeStore;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.PasskeyVerifier;
import dev.authservice.application.port.out.PendingLoginStore;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.BeginPasskeyLogInService;
import dev.authservice.application.service.BeginPasskeyRegistrationService;
import dev.authservice.application.service.DeleteMyPasskeyService;
import dev.authservice.application.service.ListMyPasskeysService;
import dev.authservice.application.service.ListUserPasskeysService;
import dev.authservice.application.service.LogInWithPasskeyService;
import dev.authservice.application.service.PasskeyAssertionCheck;
import dev.authservice.application.service.RegisterPasskeyService;
import dev.authservice.application.service.RemoveUserPasskeyService;
import dev.authservice.application.service.SessionStart;
import dev.authservice.application.service.StepUp;
import dev.authservice.domain.passkey.PasskeyLoginChallengeLimit;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of passkeys, when there is a relying party to register them for ({@link WebAuthnFactory}). A
 * passkey as a second factor is {@code CompleteLogInUseCase}'s, in {@link SecondFactorUseCaseFactory}.
 */
@Factory
@Requires(beans = RelyingParty.class)
class PasskeyUseCaseFactory {

    @Singleton
    BeginPasskeyRegistrationUseCase beginPasskeyRegistration(PasskeyStore passkeys,
                                                             PasskeyChallengeStore challenges,
                                                             RelyingParty relyingParty, StepUp stepUp,
                                                             RandomSource random, Clock clock) {
        return new BeginPasskeyRegistrationService(passkeys, challenges, relyingParty, stepUp, random, clock);
    }

    @Singleton
    RegisterPasskeyUseCase registerPasskey(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                           PasskeyVerifier verifier, RelyingParty relyingParty, StepUp stepUp,
                                           AuditLog audit, Clock clock) {
        return new RegisterPasskeyService(passkeys, challenges, verifier, relyingParty, stepUp, audit, clock);
    }

    @Singleton
    ListMyPasskeysUseCase listMyPasskeys(PasskeyStore passkeys) {
        return new ListMyPasskeysService(passkeys);
    }

    @Singleton
    BeginPasskeyLogInUseCase beginPasskeyLogIn(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                               PendingLoginStore pendingLogins, RelyingParty relyingParty,
                                               PasskeyLoginChallengeLimit limit, RandomSource random, Clock clock) {
        return new BeginPasskeyLogInService(passkeys, challenges, pendingLogins, relyingParty, limit, random, clock);
    }

    @Singleton
    PasskeyAssertionCheck passkeyAssertionCheck(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                                PasskeyVerifier verifier, RelyingParty relyingParty) {
        return new PasskeyAssertionCheck(passkeys, challenges, verifier, relyingParty);
    }

    @Singleton
    LogInWithPasskeyUseCase logInWithPasskey(UserStore users, LoginAttemptLog attempts, PasskeyAssertionCheck check,
                                             SessionStart sessionStart, AuditLog audit, Clock clock) {
        return new LogInWithPasskeyService(users, attempts, check, sessionStart, audit, clock);
    }

    @Singleton
    DeleteMyPasskeyUseCase deleteMyPasskey(PasskeyStore passkeys, StepUp stepUp, AuditLog audit, Clock clock) {
        return new DeleteMyPasskeyService(passkeys, stepUp, audit, clock);
    }

    @Singleton
    ListUserPasskeysUseCase listUserPasskeys(UserStore users, PasskeyStore passkeys) {
        return new ListUserPasskeysService(users, passkeys);
    }

    @Singleton
    RemoveUserPasskeyUseCase removeUserPasskey(UserStore users, PasskeyStore passkeys, SessionStore sessions,
                                               AuditLog audit, Clock clock) {
        return new RemoveUserPasskeyService(users, passkeys, sessions, audit, clock);
    }
}
