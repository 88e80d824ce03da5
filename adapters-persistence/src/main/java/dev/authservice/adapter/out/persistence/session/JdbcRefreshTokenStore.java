package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.user.UserRow;
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
import io.micronaut.data.connection.ConnectionOperations;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
 * locks all the sessions it ends first, in the order of their ids, and then their tokens, so the same holds for it,
 * and {@link #rotateIfActive} locks its session before its token too.
 */
@Singleton
class JdbcRefreshTokenStore implements RefreshTokenStore {

    /** Session ids per statement of {@link #revokeSessionsOf}: far below any database's limit on parameters. */
    private static final int IDS_PER_STATEMENT = 500;
    /** No session has it (their ids are random): "all but this one" means all. */
    private static final UUID NO_SESSION = new UUID(0, 0);

    /**
     * {@link #rotateIfActive} on PostgreSQL: {@link #rotate}'s three writes and the owner's row, in one statement.
     * Every part of it sees the token as it was when the statement began; {@code r} reads from {@code s}, so the
     * session's row is locked before the token's, as in {@link #rotate} and {@link #revokeSession}. A token rotated or
     * revoked by a transaction that committed meanwhile fails {@code r}'s re-check of {@code status} on the row's
     * latest version (PostgreSQL re-evaluates the condition of an UPDATE on a row changed since): nothing is rotated,
     * nothing returned, and the caller reads the token and finds out why. The benchmark's pgbench script runs the
     * same statement (benchmarks/src/main/resources/refresh-rotation.sql): keep the two alike.
     */
    private static final String ROTATE_IF_ACTIVE_ON_POSTGRES = """
            WITH s AS (
              UPDATE sessions SET last_used_at = ?
              WHERE id = (SELECT t.session_id FROM refresh_tokens t JOIN users u ON u.id = t.user_id
                          WHERE t.token_hash = ? AND t.status = 'ACTIVE' AND t.expires_at > ? AND u.enabled)
              RETURNING id),
            r AS (
              UPDATE refresh_tokens t SET status = 'ROTATED', rotated_at = ?
              FROM s
              WHERE t.token_hash = ? AND t.session_id = s.id AND t.status = 'ACTIVE' AND t.expires_at > ?
              RETURNING t.session_id, t.user_id),
            i AS (
              INSERT INTO refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, status)
              SELECT ?, r.session_id, r.user_id, ?, ?, 'ACTIVE' FROM r)
            SELECT r.session_id, u.id, u.username, u.password_hash, u.roles, u.nickname, u.department, u.created_at,
                   u.enabled
            FROM r JOIN users u ON u.id = r.user_id""";

    private final SessionRowRepository sessions;
    private final RefreshTokenRowRepository tokens;
    private final TransactionOperations<Connection> transactions;
    private final ConnectionOperations<Connection> connections;
    private final SessionDenyList denyList;
    /** Whether the database is PostgreSQL, once a connection has told. */
    private volatile Boolean onPostgres;

    JdbcRefreshTokenStore(SessionRowRepository sessions, RefreshTokenRowRepository tokens,
                          TransactionOperations<Connection> transactions, ConnectionOperations<Connection> connections,
                          SessionDenyList denyList) {
        this.sessions = sessions;
        this.tokens = tokens;
        this.transactions = transactions;
        this.connections = connections;
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

    /**
     * One statement on PostgreSQL (one round trip; with no transaction around it, one commit); elsewhere it does
     * nothing, and the caller takes {@link #findByHash} and {@link #rotate}, which have the same outcome in more steps.
     * The store's lock order, and so its guarantees, are those of {@link #rotate}.
     */
    @Override
    public Optional<RotatedAtOnce> rotateIfActive(RefreshTokenHash presented, RefreshTokenHash successor,
                                                  Instant now, Instant successorExpiresAt) {
        if (Boolean.FALSE.equals(onPostgres)) {
            return Optional.empty();
        }
        return connections.executeWrite(status -> {
            Connection connection = status.getConnection();
            try {
                if (!onPostgres(connection)) {
                    return Optional.empty();
                }
                OffsetDateTime at = now.atOffset(ZoneOffset.UTC);
                try (PreparedStatement statement = connection.prepareStatement(ROTATE_IF_ACTIVE_ON_POSTGRES)) {
                    statement.setObject(1, at);
                    statement.setString(2, presented.hex());
                    statement.setObject(3, at);
                    statement.setObject(4, at);
                    statement.setString(5, presented.hex());
                    statement.setObject(6, at);
                    statement.setString(7, successor.hex());
                    statement.setObject(8, at);
                    statement.setObject(9, successorExpiresAt.atOffset(ZoneOffset.UTC));
                    try (ResultSet row = statement.executeQuery()) {
                        if (!row.next()) {
                            return Optional.empty();
                        }
                        return Optional.of(new RotatedAtOnce(new SessionId(row.getObject(1, UUID.class)),
                                UserRow.read(row, 2).toUserAccount()));
                    }
                }
            } catch (SQLException e) {
                throw new DataAccessException("Could not rotate a refresh token: " + e.getMessage(), e);
            }
        });
    }

    /**
     * Read once into a local: checked twice, the field could be null at the first look and false at the second, when
     * another thread learnt it meanwhile, and PostgreSQL's statement would run on H2.
     */
    private boolean onPostgres(Connection connection) throws SQLException {
        Boolean known = onPostgres;
        if (known == null) {
            known = connection.getMetaData().getDatabaseProductName().equals("PostgreSQL");
            onPostgres = known;
        }
        return known;
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
