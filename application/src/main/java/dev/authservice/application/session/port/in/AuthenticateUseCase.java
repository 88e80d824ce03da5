package dev.authservice.application.session.port.in;

import dev.authservice.domain.session.AccessToken;
import java.util.Objects;
import java.util.function.Function;

/** Decides whether a Bearer access token lets its holder in. Runs on every protected request: no I/O. */
public interface AuthenticateUseCase {

    Result authenticate(Query query);

    /** @param accessToken the compact JWT as the request carried it, not yet trusted in any way */
    record Query(String accessToken) {
        public Query {
            Objects.requireNonNull(accessToken, "accessToken");
        }
    }

    /** One function per outcome in {@link #match}: a new outcome does not compile until every caller handles it. */
    sealed interface Result {

        <T> T match(Function<Authenticated, T> authenticated, Function<Refused, T> refused);

        record Authenticated(AccessToken token) implements Result {
            @Override
            public <T> T match(Function<Authenticated, T> authenticated, Function<Refused, T> refused) {
                return authenticated.apply(this);
            }
        }

        record Refused(Refusal refusal) implements Result {
            @Override
            public <T> T match(Function<Authenticated, T> authenticated, Function<Refused, T> refused) {
                return refused.apply(this);
            }
        }
    }

    enum Refusal {
        /** Not a token of this service: malformed, wrong algorithm or signature, wrong issuer, from the future. */
        INVALID,
        EXPIRED,
        /** Its session was ended: logout, reuse detection, a password change, a disabled account, ... */
        REVOKED
    }
}
