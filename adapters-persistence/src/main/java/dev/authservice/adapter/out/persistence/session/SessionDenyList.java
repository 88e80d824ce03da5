package dev.authservice.adapter.out.persistence.session;

import dev.authservice.application.session.port.out.RevokedSessions;
import dev.authservice.domain.session.SessionId;
import dev.authservice.domain.session.TokenPolicy;
import io.micronaut.context.annotation.Context;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PostConstruct;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sessions revoked recently, in memory, so that {@link #isRevoked} costs one map lookup on the request path.
 *
 * <p><b>Horizon.</b> A session revoked longer ago than {@link TokenPolicy#revocationHorizon()} has no access token
 * left that could be believed. Only sessions revoked within that horizon are kept; older entries are dropped, which
 * bounds the memory by the number of revocations per horizon.
 *
 * <p><b>Propagation.</b> A revocation made through this instance's {@link JdbcSessionStore} is on the list as
 * soon as its transaction has committed. On PostgreSQL, one made by another instance sharing the database is heard
 * as it commits ({@link RevocationNotifications}). As the safety net for a notification lost while the listening
 * connection was down, and the only way on a database without them, each instance loads the revocations within the
 * horizon at start, then polls the database every {@code auth.revocation.poll-interval} (default 1s) on a scheduler
 * thread: a revocation is seen here within one poll interval plus the time of one poll query at the latest. Until
 * then, that session's access tokens are still accepted here; its refresh tokens are not, because refreshing reads
 * the database. Each poll reads every revocation within the horizon again (one range scan of
 * {@code sessions_revoked_at_idx}) rather than those since the last poll, so that none is missed because the
 * instances' clocks differ a little or a transaction committed late. A failed poll (database down) is logged and
 * changes nothing; the next one catches up.
 */
@Context // loaded at start-up: the first Bearer request asks it on the event loop, where no query may run
class SessionDenyList implements RevokedSessions {

    private final SessionRowRepository sessions;
    private final Clock clock;
    private final Duration horizon;
    private final Map<SessionId, Instant> revokedAt = new ConcurrentHashMap<>();

    SessionDenyList(SessionRowRepository sessions, TokenPolicy tokens, Clock clock) {
        this.sessions = sessions;
        this.clock = clock;
        this.horizon = tokens.revocationHorizon();
    }

    @Override
    public boolean isRevoked(SessionId sessionId) {
        return revokedAt.containsKey(sessionId);
    }

    void add(SessionId sessionId, Instant at) {
        revokedAt.put(sessionId, at);
    }

    /** Before the first request. Not merged with {@link #poll}: Micronaut does not schedule a @PostConstruct method. */
    @PostConstruct
    void load() {
        refresh(clock.instant());
    }

    @Scheduled(fixedDelay = "${auth.revocation.poll-interval:1s}", initialDelay = "${auth.revocation.poll-interval:1s}")
    void poll() {
        refresh(clock.instant());
    }

    /** Adds the revocations within the horizon that ends at {@code now}, and forgets those before it. */
    void refresh(Instant now) {
        Instant horizonStart = now.minus(horizon);
        for (RevokedSessionRow revocation : sessions.findByRevokedAtGreaterThanEquals(horizonStart)) {
            revokedAt.put(new SessionId(revocation.id()), revocation.revokedAt());
        }
        revokedAt.values().removeIf(horizonStart::isAfter);
    }
}
