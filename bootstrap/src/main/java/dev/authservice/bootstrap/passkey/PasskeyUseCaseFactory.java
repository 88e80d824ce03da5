package dev.authservice.bootstrap.passkey;

import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.passkey.port.in.BeginPasskeyRegistrationUseCase;
import dev.authservice.application.passkey.port.in.DeleteMyPasskeyUseCase;
import dev.authservice.application.passkey.port.in.ListMyPasskeysUseCase;
import dev.authservice.application.passkey.port.in.ListUserPasskeysUseCase;
import dev.authservice.application.passkey.port.in.RegisterPasskeyUseCase;
import dev.authservice.application.passkey.port.in.RemoveUserPasskeyUseCase;
import dev.authservice.application.passkey.port.out.PasskeyChallengeStore;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.passkey.port.out.PasskeyVerifier;
import dev.authservice.application.passkey.service.BeginPasskeyRegistrationService;
import dev.authservice.application.passkey.service.DeleteMyPasskeyService;
import dev.authservice.application.passkey.service.ListMyPasskeysService;
import dev.authservice.application.passkey.service.ListUserPasskeysService;
import dev.authservice.application.passkey.service.PasskeyAssertionCheck;
import dev.authservice.application.passkey.service.RegisterPasskeyService;
import dev.authservice.application.passkey.service.RemoveUserPasskeyService;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.passkey.RelyingParty;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of passkeys, when there is a relying party to register them for ({@link WebAuthnFactory}), and
 * the check of a passkey's assertion that logging in shares.
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
                                           PasskeyVerifier verifier, RelyingParty relyingParty,
                                           CredentialChanges changes, StepUp stepUp, AuditLog audit,
                                           Clock clock) {
        return new RegisterPasskeyService(passkeys, challenges, verifier, relyingParty, changes, stepUp, audit, clock);
    }

    @Singleton
    ListMyPasskeysUseCase listMyPasskeys(PasskeyStore passkeys) {
        return new ListMyPasskeysService(passkeys);
    }

    @Singleton
    PasskeyAssertionCheck passkeyAssertionCheck(PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                                PasskeyVerifier verifier, RelyingParty relyingParty) {
        return new PasskeyAssertionCheck(passkeys, challenges, verifier, relyingParty);
    }

    @Singleton
    DeleteMyPasskeyUseCase deleteMyPasskey(PasskeyStore passkeys, CredentialChanges changes, StepUp stepUp,
                                           AuditLog audit, Clock clock) {
        return new DeleteMyPasskeyService(passkeys, changes, stepUp, audit, clock);
    }

    @Singleton
    ListUserPasskeysUseCase listUserPasskeys(UserStore users, PasskeyStore passkeys) {
        return new ListUserPasskeysService(users, passkeys);
    }

    @Singleton
    RemoveUserPasskeyUseCase removeUserPasskey(UserStore users, PasskeyStore passkeys, CredentialChanges changes,
                                               AuditLog audit, Clock clock) {
        return new RemoveUserPasskeyService(users, passkeys, changes, audit, clock);
    }
}
