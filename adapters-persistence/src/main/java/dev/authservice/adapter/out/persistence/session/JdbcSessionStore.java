package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.UserColumns;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RefreshToken.Decision;
import dev.authservice.domain.session.RefreshToken.TokenRecord;
import dev.authservice.domain.session.RefreshToken.RefreshAttempt;
import dev.authservice.domain.session.RefreshTokenHash;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionCallback;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.TransactionStatus;
import io.micronaut.transaction.support.TransactionSynchronization;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Sessions and their refresh tokens in {@code sessions} and {@code refresh_tokens}. It carries out what the domain
 * decides ({@link RefreshAttempt#decide}, {@link Session#revoke}) and decides nothing itself.
 *
 * <p>The session row is the lock of its tokens: every change to a session or to one of its tokens locks the session's
 * row first, so changes to one session run one after another on every database and every instance, without
 * deadlock. {@link #revokeAllOf} locks the sessions it ends in the order of their ids.
 */
@Singleton
class JdbcSessionStore implements SessionStore {

    /** Session ids per statement of {@link #revokeAllOf}: far below any database's limit on parameters. */
    private static final int IDS_PER_STATEMENT = 500;
    /** No session has it (their ids are random): "all but this one" means all. */
    private static final UUID NO_SESSION = new UUID(0, 0);

    /**
     * {@link #present} on PostgreSQL when the domain would rotate, in one statement: one round trip. {@code s} finds
     * the presented token only if the domain's {@link RefreshAttempt#decide} would rotate it (active, unexpired, its
     * owner enabled, its session not revoked) and locks that session by updating its last use; {@code r} rotates the
     * token, {@code i} stores the successor, and the statement answers what it found, which the domain then decides
     * on. Every part sees the database as it was when the statement began, but an UPDATE re-checks its condition on
     * a row changed since: a session revoked, or a token rotated, by a transaction that committed meanwhile leaves
     * {@code s} or {@code r} empty, and the statement does nothing but, at most, move the last use of a session that
     * the read-decide-write path then finds rotated and revokes. {@code SessionStoreContract} proves it equal to the
     * domain for every state a token can be found in. The benchmark's pgbench script runs the same statement
     * (benchmarks/src/main/resources/refresh-rotation.sql): keep the two alike.
     */
    private static final String ROTATE_IN_ONE_STATEMENT_ON_POSTGRES = """
            WITH s AS (
              UPDATE sessions SET last_used_at = ?
              WHERE revoked_at IS NULL
                AND id = (SELECT t.session_id FROM refresh_tokens t JOIN users u ON u.id = t.user_id
                          WHERE t.token_hash = ? AND t.status = 'ACTIVE' AND t.expires_at > ? AND u.enabled)
              RETURNING id, user_id, created_at, client_address, user_agent),
            r AS (
              UPDATE refresh_tokens t SET status = 'ROTATED', rotated_at = ?
              FROM s
              WHERE t.token_hash = ? AND t.session_id = s.id AND t.status = 'ACTIVE' AND t.expires_at > ?
              RETURNING t.session_id, t.user_id, t.issued_at, t.expires_at),
            i AS (
              INSERT INTO refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, status)
              SELECT ?, r.session_id, r.user_id, ?, ?, 'ACTIVE' FROM r)
            SELECT r.issued_at, r.expires_at, s.id, s.created_at, s.client_address, s.user_agent, %s
            FROM r JOIN s ON s.id = r.session_id JOIN users u ON u.id = r.user_id""".formatted(UserColumns.OF_U);

    /** The presented token and its owner; read with its session locked, so that neither can change meanwhile. */
    private static final String TOKEN_WITH_OWNER = "SELECT t.session_id, t.issued_at, t.expires_at, t.status,"
            + " t.rotated_at, " + UserColumns.OF_U
            + " FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?";

    private final SessionRowRepository sessions;
    private final RefreshTokenRowRepository tokens;
    private final TransactionOperations<Connection> transactions;
    private final SessionDenyList denyList;
    /** Whether the database is PostgreSQL, once a connection has told. */
    private volatile Boolean onPostgres;

    JdbcSessionStore(SessionRowRepository sessions, RefreshTokenRowRepository tokens,
                     TransactionOperations<Connection> transactions, SessionDenyList denyList) {
        this.sessions = sessions;
        this.tokens = tokens;
        this.transactions = transactions;
        this.denyList = denyList;
    }

    @Override
    public void start(Session session, RefreshToken.Active firstToken) {
        if (!firstToken.sessionId().equals(session.id()) || !firstToken.userId().equals(session.userId())) {
            throw new IllegalArgumentException("the first token must belong to the session and its user");
        }
        transactions.executeWrite(status -> {
            sessions.insert(SessionRow.started(session));
            tokens.insert(RefreshTokenRow.of(firstToken));
            return null;
        });
    }

    /**
     * One statement on PostgreSQL when the domain would rotate; otherwise, and on other databases, the session is
     * locked, the token read, the domain decides and its decision is written. Either way in the caller's transaction
     * when there is one (the use case's, which commits once), else in one of its own.
     */
    @Override
    public Decision refresh(RefreshAttempt attempt) {
        return inCallersTransactionOrOwn(status -> {
            Connection connection = status.getConnection();
            try {
                if (onPostgres(connection)) {
                    Optional<TokenRecord> rotated = rotateInOneStatement(connection, attempt);
                    if (rotated.isPresent()) {
                        return attempt.decide(rotated).match(rotate -> rotate,
                                reuse -> disagreement(reuse), refuse -> disagreement(refuse));
                    }
                }
                return carryOut(attempt.decide(lockAndFind(connection, attempt.presented())),
                        attempt.at(), status);
            } catch (SQLException e) {
                throw new DataAccessException("Could not present a refresh token: " + e.getMessage(), e);
            }
        });
    }

    /**
     * Joined directly when the caller has a transaction: what {@code executeWrite} would do, without a nested
     * transaction's bookkeeping, which cost a refresh about 5 % of its CPU in the benchmark.
     */
    @SuppressWarnings("unchecked")
    private <R> R inCallersTransactionOrOwn(TransactionCallback<Connection, R> work) {
        Optional<? extends TransactionStatus<?>> callers = transactions.findTransactionStatus();
        if (callers.isPresent() && !callers.get().isCompleted()) {
            return work.apply((TransactionStatus<Connection>) callers.get());
        }
        return transactions.executeWrite(work);
    }

    /** What the one statement found and rotated, if it did; empty when it changed nothing. */
    static Optional<TokenRecord> rotateInOneStatement(Connection connection, RefreshAttempt attempt)
            throws SQLException {
        OffsetDateTime at = attempt.at().atOffset(ZoneOffset.UTC);
        try (PreparedStatement statement = connection.prepareStatement(ROTATE_IN_ONE_STATEMENT_ON_POSTGRES)) {
            statement.setObject(1, at);
            statement.setString(2, attempt.presented().hex());
            statement.setObject(3, at);
            statement.setObject(4, at);
            statement.setString(5, attempt.presented().hex());
            statement.setObject(6, at);
            statement.setString(7, attempt.successor().hex());
            statement.setObject(8, at);
            statement.setObject(9, attempt.successorExpiresAt().atOffset(ZoneOffset.UTC));
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                UserAccount owner = UserColumns.read(row, 7);
                SessionId sessionId = new SessionId(row.getObject(3, UUID.class));
                RefreshToken.Active token = new RefreshToken.Active(attempt.presented(), sessionId, owner.id(),
                        instant(row, 1), instant(row, 2));
                Session session = new Session(sessionId, owner.id(), instant(row, 4),
                        Optional.ofNullable(row.getString(5)).map(ClientAddress::new).orElse(null), row.getString(6),
                        Optional.empty());
                return Optional.of(new TokenRecord(token, session, owner));
            }
        }
    }

    private static Decision disagreement(Decision decision) {
        throw new IllegalStateException("the one-statement rotation rotated what the domain decides to "
                + decision.getClass().getSimpleName());
    }

    /** The presented token with its session, locked, and its owner; empty for a hash the store does not know. */
    private Optional<TokenRecord> lockAndFind(Connection connection, RefreshTokenHash presented) throws SQLException {
        Optional<SessionRow> session = sessions.lockByTokenHash(presented.hex());
        if (session.isEmpty()) {
            return Optional.empty();
        }
        try (PreparedStatement statement = connection.prepareStatement(TOKEN_WITH_OWNER)) {
            statement.setString(1, presented.hex());
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("a locked session lost its token");
                }
                UserAccount owner = UserColumns.read(row, 6);
                RefreshTokenRow token = new RefreshTokenRow(presented.hex(), row.getObject(1, UUID.class),
                        owner.id().value(), instant(row, 2), instant(row, 3), TokenStatus.valueOf(row.getString(4)),
                        row.getObject(5, OffsetDateTime.class) == null ? null : instant(row, 5));
                return Optional.of(new TokenRecord(token.toRefreshToken(), session.get().toSession(), owner));
            }
        }
    }

    /** Writes what the domain decided, with the session locked: none of it can have changed since it was read. */
    private Decision carryOut(Decision decision, Instant at, TransactionStatus<Connection> status) {
        return decision.match(rotate -> {
            RefreshToken.Rotation rotation = rotate.rotation();
            if (tokens.markRotated(rotation.rotated().hash().hex(), at) != 1) {
                throw new IllegalStateException("a token rotated behind its session's lock");
            }
            tokens.insert(RefreshTokenRow.of(rotation.successor()));
            sessions.markUsed(rotation.successor().sessionId().value(), at);
            return rotate;
        }, reuse -> {
            if (sessions.markRevoked(reuse.reused().sessionId().value(), RevocationReason.REUSE_DETECTED, at) != 1) {
                throw new IllegalStateException("a session revoked behind its lock");
            }
            denyOnceCommitted(status, List.of(reuse.reused().sessionId().value()), at);
            return reuse;
        }, refuse -> refuse);
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

    private static Instant instant(ResultSet row, int column) throws SQLException {
        return row.getObject(column, OffsetDateTime.class).toInstant();
    }

    @Override
    public boolean revoke(SessionId sessionId, RevocationReason reason, Instant at) {
        return transactions.executeWrite(status -> {
            boolean wasLive = sessions.markRevoked(sessionId.value(), reason, at) == 1;
            // Even when it was revoked already: another instance may have done it since this one last polled.
            denyOnceCommitted(status, List.of(sessionId.value()), at);
            return wasLive;
        });
    }

    /**
     * Every session not revoked yet is revoked, including those whose tokens merely expired: like {@link #revoke},
     * it counts the sessions that were not revoked. A session that another transaction revokes meanwhile is left to it; one that a login adds meanwhile
     * is not seen, and stays.
     */
    @Override
    public int revokeAllOf(UserId userId, Optional<SessionId> except, RevocationReason reason, Instant at) {
        return transactions.executeWrite(status -> {
            List<UUID> ids = sessions.lockUnrevokedIdsOfUser(userId.value(),
                    except.map(SessionId::value).orElse(NO_SESSION));
            int count = 0;
            for (int from = 0; from < ids.size(); from += IDS_PER_STATEMENT) {
                count += sessions.markAllRevoked(ids.subList(from, Math.min(ids.size(), from + IDS_PER_STATEMENT)),
                        reason, at);
            }
            denyOnceCommitted(status, ids, at);
            return count;
        });
    }

    /**
     * Access tokens of these sessions are refused once their revocation is committed, by the transaction it joined if
     * any: one rolled back (say, because the audit record could not be written) leaves a live session usable.
     */
    private void denyOnceCommitted(TransactionStatus<Connection> status, List<UUID> sessionIds, Instant at) {
        status.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                sessionIds.forEach(id -> denyList.add(new SessionId(id), at));
            }
        });
    }

    @Override
    public Optional<Session> find(SessionId sessionId) {
        return sessions.findById(sessionId.value()).map(SessionRow::toSession);
    }

    @Override
    public Page<ActiveSession> activeSessionsOf(UserId userId, PageRequest page, Instant now) {
        long skip = page.offset();
        List<ActiveSession> content = sessions.findLiveOfUser(userId.value(), now, skip, page.size())
                .stream().map(SessionRow::toActiveSession).toList();
        // Counted only when the page cannot tell: a page that is not full, and not past the end, is the last one.
        boolean last = content.size() < page.size() && (skip == 0 || !content.isEmpty());
        long total = last ? skip + content.size() : sessions.countLiveOfUser(userId.value(), now);
        return Page.of(content, page, total);
    }
}
