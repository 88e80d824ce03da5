package dev.authservice.adapter.in.web.secondfactor;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.application.secondfactor.port.in.GetMySecondFactorsUseCase;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What the signed-in user has beside their password, so that a client knows whether to offer turning a TOTP on or
 * off. A read of the database, unlike the profile, which the token states: that is why it is not a field of
 * {@code GET /api/user/profile}, which answers without one. The TOTP itself is {@link TotpController}'s.
 */
@Controller("/api/user/second-factor")
@Secured(SecurityRule.IS_AUTHENTICATED)
class SecondFactorController implements SecondFactorApi {

    private final GetMySecondFactorsUseCase getSecondFactors;

    SecondFactorController(GetMySecondFactorsUseCase getSecondFactors) {
        this.getSecondFactors = getSecondFactors;
    }

    @Override
    @Get
    @ExecuteOn(TaskExecutors.BLOCKING)
    public @SecondFactorsEnvelope Envelope<SecondFactors> secondFactors(Authentication authentication) {
        return getSecondFactors.getMySecondFactors(
                        new GetMySecondFactorsUseCase.Query(Caller.of(authentication).userId()))
                .match(found -> Envelope.ok(new SecondFactors(found.totp().name(),
                        found.totpConfirmedAt().map(Timestamps::iso).orElse(null), found.recoveryCodesLeft(),
                        found.passkeys())));
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "SecondFactors")
    record SecondFactors(
            @Schema(allowableValues = {"NONE", "PENDING", "CONFIRMED"}, description = "Only a CONFIRMED TOTP is "
                    + "asked for at login") String totp,
            @Schema(description = "When the TOTP came into effect; null unless CONFIRMED") @Nullable
            String totpConfirmedAt,
            @Schema(description = "Unused recovery codes; 0 unless the TOTP is CONFIRMED") int recoveryCodesLeft,
            int passkeys) {
    }
}
