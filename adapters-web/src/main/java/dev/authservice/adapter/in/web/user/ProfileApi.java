package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.api.ApiDocs;
import dev.authservice.adapter.in.web.user.ProfileController.ProfileResponse;
import io.micronaut.security.authentication.Authentication;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The OpenAPI description of {@link ProfileController}, apart from its code. */
@Tag(name = ApiDocs.TAG_USER)
@ApiDocs.BearerToken
@ApiDocs.InternalError
interface ProfileApi {

    @Operation(summary = "The caller's profile", description = "As the access token states it.")
    @ProfileEnvelope Envelope<ProfileResponse> profile(Authentication authentication);

    /** The names of this resource's generic answers in the API description (see {@link Envelope}). */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @Schema(name = "ProfileEnvelope")
    @interface ProfileEnvelope {
    }
}
