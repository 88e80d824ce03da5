package dev.authservice.adapter.in.web.user;

import dev.authservice.adapter.in.web.Envelope;
import dev.authservice.adapter.in.web.security.Caller;
import dev.authservice.domain.user.Role;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The caller's profile, as their access token states it: the token carries every field (the contract's claims), it
 * was verified a moment ago (signature, expiry, session not revoked), and nothing in this service changes a profile
 * during a token's life. So the answer needs no database read, and runs on the event loop. A resource that does read
 * the database is {@code OrdersController}.
 */
@Controller("/api/user/profile")
@Secured(SecurityRule.IS_AUTHENTICATED)
class ProfileController implements ProfileApi {

    @Override
    @Get
    public @ProfileEnvelope Envelope<ProfileResponse> profile(Authentication authentication) {
        return Envelope.ok(ProfileResponse.of(Caller.of(authentication)));
    }

    @Serdeable
    @Schema(name = "Profile")
    record ProfileResponse(String userId, String username, String nickname, String department, List<String> roles) {

        static ProfileResponse of(Caller caller) {
            return new ProfileResponse(caller.userId().toString(), caller.username().value(), caller.nickname(),
                    caller.department(), caller.roles().stream().map(Role::name).sorted().toList());
        }
    }
}
