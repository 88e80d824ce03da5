package dev.authservice.adapter.out.persistence.session;

import dev.authservice.application.port.out.RefreshTokenStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.token.ActiveSession;
import dev.authservice.domain.token.RefreshToken;
import dev.authservice.domain.token.RefreshTokenHash;
import dev.authservice.domain.token.RevocationReason;
import dev.authservice.domain.token.Session;
import dev.authservice.domain.token.SessionId;
import dev.authservice.domain.user.UserId;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Sessions and their refresh tokens in {@code sessions} and {@code refresh_tokens}.
 *
 * <p>The session row is the lock of its token family: {@link #rotate} and {@link #revokeSession} update it first, so
 * for one session they run one after another on every database and every instance, without deadlock. A revocation
 * therefore also revokes the successor of a rotation that committed just before it, and a rotation that waited for a
 * revocation finds its token revoked: no token of a revoked session is ever left active. {@link #revokeSessionsOf}
 * locks all the sessions it ends first, in the order of their ids, and then their tokens, so the same holds for it.
 */
@Singleton
class JdbcRefreshTokenStore implements RefreshTokenStore {

    /** Session ids per statement of {@link #revokeSessionsOf}: far below any database's limit on parameters. */
    private static final int IDS_PER_STATEMENT = 500;
    /** No session has it (their ids are random): "all but this one" means all. */
    private static final UUID NO_SESSION = new UUID(0, 0);

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
        // Joins the caller's transaction if there is one (bootstrap runs a whole refresh in one: one commit). A lost
        // race writes no token and leaves only the session's last use moved, which is true: a token of it was
        // presented. So nothing needs rolling back, and the caller can still revoke the session in its transaction.
        return transactions.executeWrite(status -> {
            sessions.markUsed(rotated.sessionId().value(), rotated.rotatedAt());
            if (tokens.markRotated(rotated.hash().hex(), rotated.rotatedAt()) == 0) {
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

    /**
     * Every session not revoked yet is ended, including those whose tokens merely expired: like {@link #revokeSession},
     * it counts the sessions that were not revoked. Each one ended goes on the deny-list once the transaction has
     * committed. A session that another transaction revokes meanwhile is left to it; one that a login adds meanwhile
     * is not seen, and stays.
     */
    @Override
    public int revokeSessionsOf(UserId userId, Optional<SessionId> except, RevocationReason reason, Instant now) {
        List<UUID> ended = new ArrayList<>();
        int wereActive = transactions.executeWrite(status -> {
            List<UUID> ids = sessions.lockUnrevokedIdsOfUser(userId.value(),
                    except.map(SessionId::value).orElse(NO_SESSION));
            int count = 0;
            for (int from = 0; from < ids.size(); from += IDS_PER_STATEMENT) {
                List<UUID> chunk = ids.subList(from, Math.min(ids.size(), from + IDS_PER_STATEMENT));
                count += sessions.markAllRevoked(chunk, reason, now);
                tokens.revokeAllOfSessions(chunk, now);
            }
            ended.addAll(ids);
            return count;
        });
        ended.forEach(id -> denyList.add(new SessionId(id), now));
        return wereActive;
    }

    @Override
    public Optional<Session> findSession(SessionId sessionId) {
        return sessions.findById(sessionId.value()).map(SessionRow::toSession);
    }

    @Override
    public Page<ActiveSession> activeSessionsOf(UserId userId, PageRequest page, Instant now) {
        long skip = (long) page.page() * page.size();
        List<ActiveSession> content = sessions.findLiveOfUser(userId.value(), now, skip, page.size())
                .stream().map(SessionRow::toActiveSession).toList();
        // Counted only when the page cannot tell: a page that is not full, and not past the end, is the last one.
        boolean last = content.size() < page.size() && (skip == 0 || !content.isEmpty());
        long total = last ? skip + content.size() : sessions.countLiveOfUser(userId.value(), now);
        return Page.of(content, page, total);
    }
}
