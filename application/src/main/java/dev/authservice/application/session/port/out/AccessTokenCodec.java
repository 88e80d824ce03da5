package dev.authservice.application.session.port.out;

import dev.authservice.domain.session.AccessToken;
import java.util.Optional;

/** Turns access-token claims into a signed compact token and back. */
public interface AccessTokenCodec {

    String encode(AccessToken token);

    /**
     * The claims of {@code token} if, and only if, it is well formed, uses the configured algorithm and carries a valid
     * signature of this service's key. Validity in time is left to the caller, which knows the clock.
     */
    Optional<AccessToken> decode(String token);
}
