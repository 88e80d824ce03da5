package dev.authservice.adapter.in.web.security;

import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.security.authentication.Authentication;

/** Who is calling a protected path, as their access token says. */
public record Caller(UserId userId, SessionId sessionId) {

    static final String USER_ID = "userId";
    static final String SESSION_ID = "sessionId";

    public static Caller of(Authentication authentication) {
        return new Caller(
                UserId.of((String) authentication.getAttributes().get(USER_ID)),
                SessionId.of((String) authentication.getAttributes().get(SESSION_ID)));
    }
}
