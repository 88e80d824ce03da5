package dev.authservice.bootstrap.secondfactor;

import dev.authservice.application.notice.service.CredentialChanges;
import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.passkey.port.out.PasskeyStore;
import dev.authservice.application.secondfactor.port.in.ConfirmTotpUseCase;
import dev.authservice.application.secondfactor.port.in.EnrolTotpUseCase;
import dev.authservice.application.secondfactor.port.in.GetMySecondFactorsUseCase;
import dev.authservice.application.secondfactor.port.in.RemoveTotpUseCase;
import dev.authservice.application.secondfactor.port.in.RenewRecoveryCodesUseCase;
import dev.authservice.application.secondfactor.port.in.ResetSecondFactorsUseCase;
import dev.authservice.application.secondfactor.port.out.SecondFactorStore;
import dev.authservice.application.secondfactor.port.out.SecretSealer;
import dev.authservice.application.secondfactor.port.out.TotpCodes;
import dev.authservice.application.secondfactor.service.ConfirmTotpService;
import dev.authservice.application.secondfactor.service.EnrolTotpService;
import dev.authservice.application.secondfactor.service.GetMySecondFactorsService;
import dev.authservice.application.secondfactor.service.RemoveTotpService;
import dev.authservice.application.secondfactor.service.RenewRecoveryCodesService;
import dev.authservice.application.secondfactor.service.ResetSecondFactorsService;
import dev.authservice.application.secondfactor.service.SecondFactorCheck;
import dev.authservice.application.session.service.StepUp;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the use cases of second factors: what a user has, enrolling, confirming and removing a TOTP, new recovery
 * codes and an administrator's reset; and the check of a code, which logging in shares.
 */
@Factory
public class SecondFactorUseCaseFactory {

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
    ConfirmTotpUseCase confirmTotp(SecondFactorStore secondFactors, SecondFactorCheck check, CredentialChanges changes,
                                   RandomSource random, StepUp stepUp, AuditLog audit, Clock clock) {
        return new ConfirmTotpService(secondFactors, check, changes, random, stepUp, audit, clock);
    }

    @Singleton
    RemoveTotpUseCase removeTotp(SecondFactorStore secondFactors, CredentialChanges changes, StepUp stepUp,
                                 AuditLog audit, Clock clock) {
        return new RemoveTotpService(secondFactors, changes, stepUp, audit, clock);
    }

    @Singleton
    RenewRecoveryCodesUseCase renewRecoveryCodes(SecondFactorStore secondFactors, CredentialChanges changes,
                                                 RandomSource random,
                                                 StepUp stepUp, AuditLog audit, Clock clock) {
        return new RenewRecoveryCodesService(secondFactors, changes, random, stepUp, audit, clock);
    }

    @Singleton
    ResetSecondFactorsUseCase resetSecondFactors(UserStore users, SecondFactorStore secondFactors,
                                                 CredentialChanges changes, AuditLog audit, Clock clock) {
        return new ResetSecondFactorsService(users, secondFactors, changes, audit, clock);
    }

    @Singleton
    SecondFactorCheck secondFactorCheck(SecondFactorStore secondFactors, SecretSealer sealer, TotpCodes codes) {
        return new SecondFactorCheck(secondFactors, sealer, codes);
    }
}
