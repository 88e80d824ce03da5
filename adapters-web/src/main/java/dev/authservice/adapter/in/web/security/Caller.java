package dev.authservice.adapter.in.web.security;

import dev.authservice.domain.session.AccessToken;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.security.authentication.Authentication;
import java.time.Instant;
import java.util.Set;

/**
 * Who is calling a protected path, as their verified access token says: {@link AccessTokenAuthenticationFetcher}
 * makes it from the token's claims and leaves it in the {@link Authentication}. Nothing here is read from the request
 * itself.
 *
 * @param authenticatedAt when the caller's session last proved who its user is ({@code auth_time}): a change to how
 *                        they sign in asks for it to be recent
 */
public record Caller(UserId userId, SessionId sessionId, Username username, Set<Role> roles, String nickname,
                     String department, Instant authenticatedAt) {

    /** The {@link Authentication} attribute that holds the caller. */
    static final String ATTRIBUTE = "caller";

    static Caller of(AccessToken token) {
        return new Caller(token.userId(), token.sessionId(), token.subject(), token.roles(), token.nickname(),
                token.department(), token.authenticatedAt());
    }

    /**
     * The caller of an authenticated request. Kept whole rather than as text claims: a protected request would
     * otherwise parse two UUIDs and check a username again, after the token's own decoding already did.
     */
    public static Caller of(Authentication authentication) {
        return (Caller) authentication.getAttributes().get(ATTRIBUTE);
    }
}
