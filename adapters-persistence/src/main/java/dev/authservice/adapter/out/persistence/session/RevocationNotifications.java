package dev.authservice.adapter.out.persistence.session;

import dev.authservice.domain.session.SessionId;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.micronaut.core.annotation.Nullable;
import jakarta.annotation.PreDestroy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * On PostgreSQL, every instance hears a revocation as its transaction commits, and refuses the session's access
 * tokens from then on, instead of at its next poll of the deny-list ({@link SessionDenyList}), which stays as the
 * safety net. A revocation is announced with {@code NOTIFY} in the transaction that makes it, so a rollback announces
 * nothing; each instance listens on a connection of its own, outside the pool, and a notification sent while that
 * connection is down is lost: the next poll finds the revocation all the same. On H2 (one instance) nothing listens.
 *
 * <p>A connection that breaks is opened again through the same URL, so with several hosts and
 * {@code targetServerType=primary} it follows a failover to the promoted standby. A primary that vanishes without
 * closing its connections (its machine off, the network cut) leaves the connection silent rather than broken: after
 * each quiet second it is asked for an answer, and one that gives none within {@link #ANSWER_SECONDS} is given up.
 */
@Context
class RevocationNotifications {

    private static final String CHANNEL = "auth_sessions_revoked";

    /** The listening connection's name in pg_stat_activity. */
    private static final String APPLICATION_NAME = "auth-service revocation listener";

    /** How long the database has to answer the listening connection: a check, or the opening of it. */
    private static final int ANSWER_SECONDS = 5;

    /** Ids per notification: a payload stays far below PostgreSQL's 8,000 bytes. */
    private static final int IDS_PER_NOTIFICATION = 100;

    private static final Logger LOG = LoggerFactory.getLogger(RevocationNotifications.class);

    private final String url;
    private final Properties properties = new Properties();
    private final SessionDenyList denyList;
    private final Thread listening;
    private volatile boolean heard;
    private volatile boolean closed;

    RevocationNotifications(@Value("${datasources.default.url}") String url,
                            @Value("${datasources.default.username:}") @Nullable String username,
                            @Value("${datasources.default.password:}") @Nullable String password,
                            SessionDenyList denyList) {
        this.url = url;
        if (username != null && !username.isEmpty()) {
            properties.setProperty("user", username);
        }
        if (password != null && !password.isEmpty()) {
            properties.setProperty("password", password);
        }
        properties.setProperty("ApplicationName", APPLICATION_NAME);
        // Every read waits this long at most, those that open the connection too: a host that took the socket and then
        // went silent is given up, and the URL's next host tried.
        properties.setProperty("socketTimeout", String.valueOf(ANSWER_SECONDS));
        this.denyList = denyList;
        this.listening = new Thread(this::listen, "revocation-notifications");
        listening.setDaemon(true);
        if (url.startsWith("jdbc:postgresql:")) {
            listening.start();
        }
    }

    /** Announces the revocation of {@code sessionIds} at {@code at} to every instance, once the transaction commits. */
    static void notifyOnCommit(Connection transaction, List<UUID> sessionIds, Instant at) throws SQLException {
        try (PreparedStatement notify = transaction.prepareStatement("SELECT pg_notify(?, ?)")) {
            for (int from = 0; from < sessionIds.size(); from += IDS_PER_NOTIFICATION) {
                notify.setString(1, CHANNEL);
                notify.setString(2, at + " " + sessionIds.subList(from,
                        Math.min(sessionIds.size(), from + IDS_PER_NOTIFICATION)).stream().map(UUID::toString)
                        .collect(Collectors.joining(",")));
                notify.execute();
            }
        }
    }

    private void listen() {
        boolean warned = false;
        while (!closed) {
            try (Connection connection = DriverManager.getConnection(url, properties)) {
                try (Statement listen = connection.createStatement()) {
                    listen.execute("LISTEN " + CHANNEL);
                }
                heard = true;
                if (warned) {
                    LOG.info("Listening to revocations again");
                    warned = false;
                }
                PGConnection notifications = connection.unwrap(PGConnection.class);
                while (!closed) {
                    PGNotification[] heard = notifications.getNotifications(1_000);
                    if (heard == null || heard.length == 0) {
                        if (!connection.isValid(ANSWER_SECONDS)) {
                            throw new SQLException("no answer within " + ANSWER_SECONDS + " s");
                        }
                        continue;
                    }
                    for (PGNotification notification : heard) {
                        deny(notification.getParameter());
                    }
                }
            } catch (SQLException | RuntimeException e) {
                heard = false;
                if (closed) {
                    return;
                }
                if (!warned) {
                    LOG.warn("Not listening to revocations, until the database answers again (the deny-list's poll"
                            + " still finds them): {}", e.getMessage());
                    warned = true;
                }
                pause();
            }
        }
    }

    /** Whether a revocation committed from now on is heard: the connection is listening. */
    boolean isListening() {
        return heard;
    }

    /** Adds the sessions a payload names: the moment of their revocation, a space, their ids separated by commas. */
    private void deny(String payload) {
        int space = payload.indexOf(' ');
        Instant at = Instant.parse(payload.substring(0, space));
        for (String id : payload.substring(space + 1).split(",")) {
            denyList.add(new SessionId(UUID.fromString(id)), at);
        }
    }

    private void pause() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @PreDestroy
    void close() {
        closed = true;
        listening.interrupt();
    }
}
