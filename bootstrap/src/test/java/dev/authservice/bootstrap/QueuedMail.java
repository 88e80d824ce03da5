package dev.authservice.bootstrap;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mail the service queued in its outbox, read from the database: in the {@code mail-kept} environment an SMTP
 * server that never answers keeps every mail there, so a test reads what a user would have received.
 */
@Singleton
public final class QueuedMail {

    private final TransactionOperations<Connection> database;

    QueuedMail(TransactionOperations<Connection> database) {
        this.database = database;
    }

    /**
     * The first match of {@code link}'s group 1 in the {@code nth} mail (from 1, oldest first) to {@code recipient}
     * with {@code subject}: the token of a mailed link.
     */
    public String tokenMailedTo(String recipient, String subject, Pattern link, int nth) {
        List<String> bodies = waitForBodies(recipient, subject, nth);
        Matcher found = link.matcher(bodies.get(nth - 1));
        assertTrue(found.find(), bodies.get(nth - 1));
        return found.group(1);
    }

    /**
     * The bodies of the mails to {@code recipient} with {@code subject}, oldest first, waiting until there are
     * {@code count}: some mail is queued after the answer.
     */
    public List<String> waitForBodies(String recipient, String subject, int count) {
        Instant deadline = Instant.now().plusSeconds(10);
        List<String> bodies = bodies(subject, Optional.of(recipient));
        while (bodies.size() < count && Instant.now().isBefore(deadline)) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            bodies = bodies(subject, Optional.of(recipient));
        }
        assertTrue(bodies.size() >= count, "no mail " + count + " \"" + subject + "\" to " + recipient);
        return bodies;
    }

    /** The bodies of the mails with {@code subject} to {@code recipient}, or to anyone, oldest first. */
    public List<String> bodies(String subject, Optional<String> recipient) {
        return database.executeRead(status -> {
            try (PreparedStatement statement = status.getConnection().prepareStatement("SELECT body FROM mail_outbox"
                    + " WHERE subject = ? AND (recipient = ? OR ? IS NULL) ORDER BY created_at")) {
                statement.setString(1, subject);
                statement.setString(2, recipient.orElse(null));
                statement.setString(3, recipient.orElse(null));
                List<String> bodies = new ArrayList<>();
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        bodies.add(rows.getString(1));
                    }
                }
                return bodies;
            } catch (SQLException e) {
                throw new AssertionError(e);
            }
        });
    }
}
