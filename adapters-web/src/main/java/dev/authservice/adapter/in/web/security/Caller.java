package dev.authservice.adapter.in.web.security;

import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.token.AccessToken;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.security.authentication.Authentication;
import java.util.Set;

/**
 * Who is calling a protected path, as their verified access token says: {@link AccessTokenAuthenticationFetcher}
 * makes it from the token's claims and leaves it in the {@link Authentication}. Nothing here is read from the request
 * itself.
 */
public record Caller(UserId userId, SessionId sessionId, Username username, Set<Role> roles, String nickname,
                     String department) {

    /** The {@link Authentication} attribute that holds the caller. */
    static final String ATTRIBUTE = "caller";

    static Caller of(AccessToken token) {
        return new Caller(token.userId(), token.sessionId(), token.subject(), token.roles(), token.nickname(),
                token.department());
    }

    /**
     * The caller of an authenticated request. Kept whole rather than as text claims: a protected request would
     * otherwise parse two UUIDs and check a username again, after the token's own decoding already did.
     */
    public static Caller of(Authentication authentication) {
        return (Caller) authentication.getAttributes().get(ATTRIBUTE);
    }
}
