package dev.authservice.adapter.out.persistence.session;

import dev.authservice.adapter.out.persistence.SqlStatement;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.adapter.out.persistence.UserColumns;
import dev.authservice.application.session.port.out.SessionStore;
import dev.authservice.domain.paging.Page;
import dev.authservice.domain.paging.PageRequest;
import dev.authservice.domain.session.ActiveSession;
import dev.authservice.domain.session.Decision;
import dev.authservice.domain.session.RefreshAttempt;
import dev.authservice.domain.session.RefreshToken;
import dev.authservice.domain.session.RevocationReason;
import dev.authservice.domain.session.Session;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenRecord;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Sessions and their refresh tokens in {@code sessions} and {@code refresh_tokens}. It finds what the domain decides
 * on and writes what it decided ({@link RefreshAttempt#decide}, {@link Session#revoke}); it decides nothing itself.
 *
 * <p>The session row is the lock of its tokens: every change to a session or to one of its tokens locks the session's
 * row (a refresh locks its token's row with it), so changes to one session run one after another on every database
 * and every instance, without deadlock. {@link #revokeAllOf} locks the sessions it ends in the order of their ids.
 */
@Singleton
@TranslatesUnavailability
class JdbcSessionStore implements SessionStore {

    /** Session ids per statement of {@link #revokeAllOf}: far below any database's limit on parameters. */
    private static final int IDS_PER_STATEMENT = 500;
    /** No session has it (their ids are random): "all but this one" means all. */
    private static final UUID NO_SESSION = new UUID(0, 0);

    private static final SqlStatement TOKEN_RECORD = SqlStatement.load(JdbcSessionStore.class, "token-record.sql");
    private static final SqlStatement ROTATION = SqlStatement.load(JdbcSessionStore.class, "rotation.sql");
    /** The advisory lock of the clean-up's batches: any number no other lock of the database's users takes. */
    static final long CLEAN_UP_LOCK = 0x5e55_1011_c1ea_0001L;

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
     * The presented token read with its session and owner, the token's and the session's rows locked: in the caller's
     * transaction when there is one (the use case's, which carries the decision out and commits once), else in one of
     * its own.
     */
    @Override
    public Optional<TokenRecord> lockRecordOf(RefreshAttempt attempt) {
        return inCallersTransactionOrOwn(status -> {
            try {
                return tokenRecord(status.getConnection(), attempt);
            } catch (SQLException e) {
                throw new DataAccessException("Could not find a refresh attempt's record: " + e.getMessage(), e);
            }
        });
    }

    /**
     * Writes what the domain decided, in the transaction that found the record: the token and its session are still
     * locked, so neither can have changed since. Nothing to write for a refusal.
     */
    @Override
    public void carryOut(Decision decision) {
        inCallersTransactionOrOwn(status -> decision.match(
                rotate -> rotate(status.getConnection(), rotate.rotation()),
                repeat -> markRepeated(repeat.repeated()),
                reuse -> revokeForReuse(status, reuse),
                refuse -> null));
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

    /**
     * What is on record for {@code attempt}, its token and session locked; empty for a hash nobody issued. The token
     * stored under the successor's hash is in the same session, locked with it.
     */
    static Optional<TokenRecord> tokenRecord(Connection connection, RefreshAttempt attempt) throws SQLException {
        try (PreparedStatement statement = TOKEN_RECORD.prepare(connection, Map.of(
                "presented", attempt.presented().hex(), "successor", attempt.successor().hex()));
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                return Optional.empty();
            }
            UserAccount owner = UserColumns.read(row, 13);
            SessionId sessionId = new SessionId(row.getObject(1, UUID.class));
            RefreshToken token = new RefreshTokenRow(attempt.presented().hex(), sessionId.value(), owner.id().value(),
                    instant(row, 2), instant(row, 3), TokenStatus.valueOf(row.getString(4)), instantOrNull(row, 5),
                    instantOrNull(row, 6)).toRefreshToken();
            Session session = new SessionRow(sessionId.value(), owner.id().value(), instant(row, 7), instant(row, 8),
                    null, row.getString(9), row.getString(10), instantOrNull(row, 11),
                    Optional.ofNullable(row.getString(12)).map(RevocationReason::valueOf).orElse(null),
                    row.getString(30), instant(row, 31)).toSession();
            Optional<RefreshToken> successor = row.getObject(23) == null ? Optional.empty()
                    : Optional.of(new RefreshTokenRow(attempt.successor().hex(), row.getObject(23, UUID.class),
                            row.getObject(24, UUID.class), instant(row, 25), instant(row, 26),
                            TokenStatus.valueOf(row.getString(27)), instantOrNull(row, 28), instantOrNull(row, 29))
                            .toRefreshToken());
            return Optional.of(new TokenRecord(token, session, owner, successor));
        }
    }

    /** One statement on PostgreSQL ({@code rotation.sql}), three elsewhere. */
    private Void rotate(Connection connection, RefreshToken.Rotation rotation) {
        RefreshToken.Rotated rotated = rotation.rotated();
        RefreshToken.Active successor = rotation.successor();
        try {
            if (onPostgres(connection)) {
                rotateInOneStatement(connection, rotation);
                return null;
            }
        } catch (SQLException e) {
            throw new DataAccessException("Could not rotate a refresh token: " + e.getMessage(), e);
        }
        if (tokens.markRotated(rotated.hash().hex(), rotated.rotatedAt()) != 1) {
            throw new IllegalStateException("a token rotated behind its lock");
        }
        tokens.insert(RefreshTokenRow.of(successor));
        sessions.markUsed(successor.sessionId().value(), rotation.sessionUsedAt());
        return null;
    }

    private static void rotateInOneStatement(Connection connection, RefreshToken.Rotation rotation)
            throws SQLException {
        RefreshToken.Rotated rotated = rotation.rotated();
        RefreshToken.Active successor = rotation.successor();
        try (PreparedStatement statement = ROTATION.prepare(connection, Map.of(
                "rotated", rotated.hash().hex(), "rotated_at", rotated.rotatedAt(),
                "successor", successor.hash().hex(), "successor_issued_at", successor.issuedAt(),
                "successor_expires_at", successor.expiresAt(), "session_used_at", rotation.sessionUsedAt()))) {
            if (statement.executeUpdate() != 1) {
                throw new IllegalStateException("a token rotated behind its lock");
            }
        }
    }

    private Void markRepeated(RefreshToken.Rotated repeated) {
        if (tokens.markRepeated(repeated.hash().hex(), repeated.repeatedAt().orElseThrow()) != 1) {
            throw new IllegalStateException("a token repeated behind its lock");
        }
        return null;
    }

    private Void revokeForReuse(TransactionStatus<Connection> status, Decision.RevokeForReuse reuse) {
        Session.Revocation revocation = reuse.revocation();
        UUID session = reuse.session().id().value();
        if (sessions.markRevoked(session, revocation.reason(), revocation.at()) != 1) {
            throw new IllegalStateException("a session revoked behind its lock");
        }
        denyOnceCommitted(status, List.of(session), revocation.at());
        return null;
    }

    /** Whether this transaction took the clean-up's advisory lock: false while another transaction holds it. */
    private static boolean cleanUpLockTaken(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT pg_try_advisory_xact_lock(?)")) {
            statement.setLong(1, CLEAN_UP_LOCK);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() && row.getBoolean(1);
            }
        }
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

    private static Instant instantOrNull(ResultSet row, int column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
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
     * any: one rolled back (say, because the audit record could not be written) leaves a live session usable. On
     * PostgreSQL the other instances hear of it at the same commit ({@link RevocationNotifications}).
     */
    private void denyOnceCommitted(TransactionStatus<Connection> status, List<UUID> sessionIds, Instant at) {
        try {
            if (onPostgres(status.getConnection())) {
                RevocationNotifications.notifyOnCommit(status.getConnection(), sessionIds, at);
            }
        } catch (SQLException e) {
            throw new DataAccessException("Could not announce a revocation: " + e.getMessage(), e);
        }
        status.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                sessionIds.forEach(id -> denyList.add(new SessionId(id), at));
            }
        });
    }

    @Override
    public boolean reauthenticate(Session reauthenticated) {
        return sessions.markReauthenticated(reauthenticated.id().value(), reauthenticated.methods().stored(),
                reauthenticated.authenticatedAt()) == 1;
    }

    @Override
    public Optional<Session> find(SessionId sessionId) {
        return sessions.findById(sessionId.value()).map(SessionRow::toSession);
    }

    /**
     * On PostgreSQL a batch first takes the clean-up's advisory lock for its transaction: an instance that finds another
     * mid-batch answers 0, and so skips the round, which the other is doing.
     */
    @Override
    public int forgetOverBy(Instant cutoff, int batchSize) {
        return transactions.executeWrite(status -> {
            try {
                if (onPostgres(status.getConnection()) && !cleanUpLockTaken(status.getConnection())) {
                    return 0;
                }
            } catch (SQLException e) {
                throw new DataAccessException("Could not take the clean-up's lock: " + e.getMessage(), e);
            }
            List<UUID> over = sessions.lockOverBy(cutoff, batchSize);
            if (over.isEmpty()) {
                return 0;
            }
            tokens.deleteOfSessions(over);
            return sessions.deleteAll(over);
        });
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
