package dev.authservice.adapter.out.persistence.session;

import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Instant;
import java.util.Optional;

/**
 * Sessions and their refresh tokens in {@code sessions} and {@code refresh_tokens}.
 *
 * <p>The session row is the lock of its token family: {@link #rotate} and {@link #revokeSession} update it first, so
 * for one session they run one after another on every database and every instance, without deadlock. A revocation
 * therefore also revokes the successor of a rotation that committed just before it, and a rotation that waited for a
 * revocation finds its token revoked: no token of a revoked session is ever left active.
 */
@Singleton
class JdbcRefreshTokenStore implements RefreshTokenStore {

    private final SessionRowRepository sessions;
    private final RefreshTokenRowRepository tokens;
    private final TransactionOperations<Connection> transactions;
    private final SessionDenyList denyList;

    JdbcRefreshTokenStore(SessionRowRepository sessions, RefreshTokenRowRepository tokens,
                          TransactionOperations<Connection> transactions, SessionDenyList denyList) {
        this.sessions = sessions;
        this.tokens = tokens;
        this.transactions = transactions;
        this.denyList = denyList;
    }

    @Override
    public void startSession(Session session, RefreshToken.Active firstToken) {
        if (!firstToken.sessionId().equals(session.id()) || !firstToken.userId().equals(session.userId())) {
            throw new IllegalArgumentException("the first token must belong to the session and its user");
        }
        transactions.executeWrite(status -> {
            sessions.insert(SessionRow.started(session));
            tokens.insert(RefreshTokenRow.of(firstToken));
            return null;
        });
    }

    @Override
    public Optional<RefreshToken> findByHash(RefreshTokenHash hash) {
        return tokens.findById(hash.hex()).map(RefreshTokenRow::toRefreshToken);
    }

    /** Three statements and one commit for the winner; the losers roll back, so they write nothing. */
    @Override
    public boolean rotate(RefreshToken.Rotation rotation) {
        RefreshToken.Rotated rotated = rotation.rotated();
        return transactions.executeWrite(status -> {
            sessions.markUsed(rotated.sessionId().value(), rotated.rotatedAt());
            if (tokens.markRotated(rotated.hash().hex(), rotated.rotatedAt()) == 0) {
                status.setRollbackOnly();
                return false;
            }
            tokens.insert(RefreshTokenRow.of(rotation.successor()));
            return true;
        });
    }

    @Override
    public boolean revokeSession(SessionId sessionId, RevocationReason reason, Instant now) {
        boolean wasActive = transactions.executeWrite(status -> {
            if (sessions.markRevoked(sessionId.value(), reason, now) == 0) {
                return false;
            }
            tokens.revokeAllOfSession(sessionId.value(), now);
            return true;
        });
        // Even when it was revoked already: another instance may have done it since this one last polled.
        denyList.add(sessionId, now);
        return wasActive;
    }
}
