package dev.authservice.application.session.service;

import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.domain.session.AuthenticationMethods;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserAccount;
import java.time.Instant;
import java.util.Optional;

/**
 * A session whose user has just proved again who they are: the session keeps when and how
 * ({@link Session#reauthenticate}), and an access token says so, for the changes that {@link StepUp} holds to a
 * recent proof.
 */
public final class SessionReauthentication {

    private final SessionStore sessions;
    private final TokenIssuer tokens;

    public SessionReauthentication(SessionStore sessions, TokenIssuer tokens) {
        this.sessions = sessions;
        this.tokens = tokens;
    }

    /** The session renewed and its new access token; none when it is not {@code user}'s or has ended. */
    public Optional<Renewed> renew(UserAccount user, SessionId sessionId, AuthenticationMethods methods, Instant now) {
        return sessions.find(sessionId)
                .filter(found -> found.userId().equals(user.id()))
                .flatMap(found -> found.reauthenticate(methods, now))
                .filter(sessions::reauthenticate)
                .map(session -> new Renewed(session, tokens.accessToken(user, session, now)));
    }

    public record Renewed(Session session, String accessToken) {
    }
}
