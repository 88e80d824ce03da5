package dev.authservice.bootstrap;

import dev.authservice.application.port.in.CompleteLogInUseCase;
import dev.authservice.application.port.in.ConfirmTotpUseCase;
import dev.authservice.application.port.in.EnrolTotpUseCase;
import dev.authservice.application.port.in.GetMySecondFactorsUseCase;
import dev.authservice.application.port.in.RemoveTotpUseCase;
import dev.authservice.application.port.in.RenewRecoveryCodesUseCase;
import dev.authservice.application.port.in.ResetSecondFactorsUseCase;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.PasskeyStore;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.SecondFactorStore;
import dev.authservice.application.port.out.SecretSealer;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.CompleteLogInService;
import dev.authservice.application.service.ConfirmTotpService;
import dev.authservice.application.service.EnrolTotpService;
import dev.authservice.application.service.GetMySecondFactorsService;
import dev.authservice.application.service.PasskeyAssertionCheck;
import dev.authservice.application.service.PendingLoginTickets;
import dev.authservice.application.service.RemoveTotpService;
import dev.authservice.application.service.RenewRecoveryCodesService;
import dev.authservice.application.service.ResetSecondFactorsService;
import dev.authservice.application.service.SecondFactorCheck;
import dev.authservice.application.service.SessionStart;
import dev.authservice.application.service.StepUp;
import dev.authservice.domain.token.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * Wires the use cases of second factors: what a user has, enrolling, confirming and removing a TOTP, new recovery
 * codes, completing a login with one, and an administrator's reset.
 */
@Factory
class SecondFactorUseCaseFactory {

    /** Counts passkeys too, which are stored whether or not a relying party is configured to register them. */
    @Singleton
    GetMySecondFactorsUseCase getMySecondFactors(SecondFactorStore secondFactors, PasskeyStore passkeys) {
        return new GetMySecondFactorsService(secondFactors, passkeys);
    }

    /** The issuer the authenticator app shows beside the account is the tokens' issuer: one name for the service. */
    @Singleton
    EnrolTotpUseCase enrolTotp(SecondFactorStore secondFactors, SecretSealer sealer, RandomSource random,
                               TokenPolicy policy, StepUp stepUp, AuditLog audit, Clock clock) {
        return new EnrolTotpService(secondFactors, sealer, random, policy.issuer(), stepUp, audit, clock);
    }

    @Singleton
    ConfirmTotpUseCase confirmTotp(SecondFactorStore secondFactors, SecondFactorCheck check, RandomSource random,
                                   StepUp stepUp, AuditLog audit, Clock clock) {
        return new ConfirmTotpService(secondFactors, check, random, stepUp, audit, clock);
    }

    @Singleton
    RemoveTotpUseCase removeTotp(SecondFactorStore secondFactors, StepUp stepUp, AuditLog audit, Clock clock) {
        return new RemoveTotpService(secondFactors, stepUp, audit, clock);
    }

    @Singleton
    RenewRecoveryCodesUseCase renewRecoveryCodes(SecondFactorStore secondFactors, RandomSource random,
                                                 StepUp stepUp, AuditLog audit, Clock clock) {
        return new RenewRecoveryCodesService(secondFactors, random, stepUp, audit, clock);
    }

    /** Without a relying party (passkeys off) no passkey completes a login. */
    @Singleton
    CompleteLogInUseCase completeLogIn(UserStore users, LoginAttemptLog attempts, PendingLoginTickets tickets,
                                       SecondFactorCheck secondFactors, @Nullable PasskeyAssertionCheck passkeyCheck,
                                       SessionStart sessionStart, AuditLog audit, Clock clock) {
        return new CompleteLogInService(users, attempts, tickets, secondFactors, Optional.ofNullable(passkeyCheck),
                sessionStart, audit, clock);
    }

    @Singleton
    ResetSecondFactorsUseCase resetSecondFactors(UserStore users, SecondFactorStore secondFactors,
                                                 SessionStore sessions, AuditLog audit, Clock clock) {
        return new ResetSecondFactorsService(users, secondFactors, sessions, audit, clock);
    }
}
