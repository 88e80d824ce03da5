package dev.authservice.adapter.in.web.secondfactor;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.Timestamps;
import dev.authservice.adapter.in.web.api.ApiDocs;
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
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What the signed-in user has beside their password, so that a client knows whether to offer turning a TOTP on or
 * off. A read of the database, unlike the profile, which the token states: that is why it is not a field of
 * {@code GET /api/user/profile}, which answers without one. The TOTP itself is {@link TotpController}'s.
 */
@Controller("/api/user/second-factor")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
class SecondFactorController {

    private final GetMySecondFactorsUseCase getSecondFactors;

    SecondFactorController(GetMySecondFactorsUseCase getSecondFactors) {
        this.getSecondFactors = getSecondFactors;
    }

    @Get
    @Operation(operationId = "getSecondFactors", summary = "The caller's second factors",
            description = "Whether a TOTP is in effect (CONFIRMED), awaits confirmation (PENDING) or is not there "
                    + "(NONE); the recovery codes left beside a confirmed one; how many passkeys the caller holds. "
                    + "No secret and no code.")
    @ExecuteOn(TaskExecutors.BLOCKING)
    @SecondFactorsEnvelope
    Envelope<SecondFactors> secondFactors(Authentication authentication) {
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

    /** The name of this resource's answer in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "SecondFactorsEnvelope")
    @interface SecondFactorsEnvelope {
    }
}
