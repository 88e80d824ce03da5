package dev.authservice.bootstrap;

import dev.authservice.application.port.in.ReauthenticateUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasskeyChallengeStore;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.PasskeyVerifier;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.SecondFactorStore;
import dev.authservice.application.port.out.SecretSealer;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.TotpCodes;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.PasskeyAssertionCheck;
import dev.authservice.application.service.ReauthenticateService;
import dev.authservice.application.service.StepUp;
import dev.authservice.application.service.TokenIssuer;
import dev.authservice.application.service.TotpVerification;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.session.StepUpPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * Wires what changing how a user signs in asks for: the step-up check the changes make, and proving again who one is.
 * The TOTP verification and the passkey check are a login's, shared with it.
 */
@Factory
class ReauthenticationUseCaseFactory {

    @Singleton
    StepUp stepUp(StepUpPolicy policy, AuditLog audit) {
        return new StepUp(policy, audit);
    }

    @Singleton
    TotpVerification totpVerification(SecondFactorStore secondFactors, SecretSealer sealer, TotpCodes codes) {
        return new TotpVerification(secondFactors, sealer, codes);
    }

    /** Without a relying party (passkeys off) no passkey proves anything. */
    @Singleton
    ReauthenticateUseCase reauthenticate(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts,
                                         SecondFactorStore secondFactors, TotpVerification totp,
                                         PasskeyStore passkeys, PasskeyChallengeStore challenges,
                                         PasskeyVerifier verifier, @Nullable RelyingParty relyingParty,
                                         SessionStore sessions, TokenIssuer tokens, AuditLog audit, Clock clock) {
        return new ReauthenticateService(users, hasher, attempts, secondFactors, totp,
                Optional.ofNullable(relyingParty).map(party -> new PasskeyAssertionCheck(passkeys, challenges,
                        verifier, party)),
                sessions, tokens, audit, clock);
    }
}
