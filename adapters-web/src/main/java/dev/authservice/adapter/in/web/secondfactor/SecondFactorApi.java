package dev.authservice.adapter.in.web.secondfactor;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.secondfactor.SecondFactorController.SecondFactors;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The OpenAPI description of {@link SecondFactorController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface SecondFactorApi {

    @Operation(operationId = "getSecondFactors", summary = "The caller's second factors",
            description = "Whether a TOTP is in effect (CONFIRMED), awaits confirmation (PENDING) or is not there "
                    + "(NONE); the recovery codes left beside a confirmed one; how many passkeys the caller holds. "
                    + "No secret and no code.")
    @SecondFactorsEnvelope Envelope<SecondFactors> secondFactors(Authentication authentication);

    /** The name of this resource's answer in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "SecondFactorsEnvelope")
    @interface SecondFactorsEnvelope {
    }
}
