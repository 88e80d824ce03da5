package dev.authservice.bootstrap;

import dev.authservice.application.port.in.ReauthenticateUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.PendingLoginStore;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SecondFactorStore;
import dev.authservice.application.port.out.SecretSealer;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.TotpCodes;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.PasskeyAssertionCheck;
import dev.authservice.application.service.PendingLoginTickets;
import dev.authservice.application.service.ReauthenticateService;
import dev.authservice.application.service.SecondFactorCheck;
import dev.authservice.application.service.SessionStart;
import dev.authservice.application.service.StepUp;
import dev.authservice.application.service.TokenIssuer;
import dev.authservice.domain.login.SecondFactorPolicy;
import dev.authservice.domain.passkey.RelyingParty;
import dev.authservice.domain.session.StepUpPolicy;
import dev.authservice.domain.token.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * Wires what a login and proving again who one is share: the second factor's check, the tickets of logins waiting for
 * it, the start of a session; the step-up check that the changes to how one signs in make; and the proof itself.
 */
@Factory
class ReauthenticationUseCaseFactory {

    @Singleton
    StepUp stepUp(StepUpPolicy policy, AuditLog audit) {
        return new StepUp(policy, audit);
    }

    @Singleton
    SecondFactorCheck secondFactorCheck(SecondFactorStore secondFactors, SecretSealer sealer, TotpCodes codes) {
        return new SecondFactorCheck(secondFactors, sealer, codes);
    }

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
                                         SessionStore sessions, TokenIssuer tokens, AuditLog audit, Clock clock) {
        return new ReauthenticateService(users, hasher, attempts, secondFactors, Optional.ofNullable(passkeyCheck),
                sessions, tokens, audit, clock);
    }
}
