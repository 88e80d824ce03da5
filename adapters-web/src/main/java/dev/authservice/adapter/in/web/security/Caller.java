package dev.authservice.adapter.in.web.security;

import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.Role;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import io.micronaut.security.authentication.Authentication;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who is calling a protected path, as their verified access token says: the claims {@link AccessTokenValidator} put
 * into the {@link Authentication}. Nothing here is read from the request itself.
 */
public record Caller(UserId userId, SessionId sessionId, Username username, Set<Role> roles, String nickname,
                     String department) {

    static final String USER_ID = "userId";
    static final String SESSION_ID = "sessionId";
    static final String NICKNAME = "nickname";
    static final String DEPARTMENT = "department";

    public static Caller of(Authentication authentication) {
        return new Caller(
                UserId.of((String) authentication.getAttributes().get(USER_ID)),
                SessionId.of((String) authentication.getAttributes().get(SESSION_ID)),
                new Username(authentication.getName()),
                authentication.getRoles().stream().map(Role::new).collect(Collectors.toUnmodifiableSet()),
                (String) authentication.getAttributes().get(NICKNAME),
                (String) authentication.getAttributes().get(DEPARTMENT));
    }
}
