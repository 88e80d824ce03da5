package dev.authservice.adapter.out.persistence.mail;

import static dev.authservice.adapter.out.persistence.TransactionalStatements.at;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.instant;
import static dev.authservice.adapter.out.persistence.TransactionalStatements.update;

import dev.authservice.adapter.out.persistence.TransactionalStatements;
import dev.authservice.adapter.out.persistence.TranslatesUnavailability;
import dev.authservice.application.mail.port.out.ClaimedMail;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.mail.port.out.OutboxDepth;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.MessageId;
import dev.authservice.domain.mail.OutgoingMail;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The outbox in {@code mail_outbox}. A claim is one short transaction: the due rows, locked and skipping those another
 * claim has locked ({@code FOR UPDATE SKIP LOCKED}, which PostgreSQL and H2 both run), are marked with the claim
 * and its end, so two workers claiming at once never get the same mail, and the mark keeps others off the mail once
 * the transaction has ended, while it is being sent. A record is one UPDATE conditional on the claim: a claim that
 * ran out, whose mail another worker took, writes nothing.
 */
@Singleton
@TranslatesUnavailability
class JdbcMailOutbox implements MailOutbox {

    private static final String PENDING = "PENDING";
    private static final String SENT = "SENT";
    private static final String GIVEN_UP = "GIVEN_UP";

    private final TransactionalStatements jdbc;

    JdbcMailOutbox(TransactionOperations<Connection> transactions) {
        this.jdbc = new TransactionalStatements(transactions);
    }

    /** Joins the caller's transaction, as every statement here would: the mail commits with the change. */
    @Override
    public void enqueue(OutgoingMail mail) {
        MailDelivery.Pending queued = MailDelivery.queued(mail.createdAt());
        jdbc.write(connection -> update(connection, "INSERT INTO mail_outbox (message_id, recipient, subject, body,"
                + " created_at, state, attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", statement -> {
                    statement.setObject(1, mail.id().value());
                    statement.setString(2, mail.to().value());
                    statement.setString(3, mail.subject());
                    statement.setString(4, mail.body());
                    statement.setObject(5, at(mail.createdAt()));
                    statement.setString(6, PENDING);
                    statement.setInt(7, queued.attempts());
                    statement.setObject(8, at(queued.nextAttemptAt()));
                }));
    }

    @Override
    public List<ClaimedMail> claimDue(Instant now, Duration lease, int limit) {
        UUID claim = UUID.randomUUID();
        return jdbc.write(connection -> {
            List<ClaimedMail> claimed = new ArrayList<>();
            try (PreparedStatement statement = connection.prepareStatement("SELECT * FROM mail_outbox"
                    + " WHERE state = ? AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
                    + " ORDER BY next_attempt_at, created_at LIMIT ? FOR UPDATE SKIP LOCKED")) {
                statement.setString(1, PENDING);
                statement.setObject(2, at(now));
                statement.setObject(3, at(now));
                statement.setInt(4, limit);
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        claimed.add(new ClaimedMail(mail(row),
                                new MailDelivery.Pending(row.getInt("attempts"), instant(row, "next_attempt_at")),
                                claim));
                    }
                }
            }
            for (ClaimedMail mail : claimed) {
                update(connection, "UPDATE mail_outbox SET claim = ?, claimed_until = ? WHERE message_id = ?",
                        statement -> {
                            statement.setObject(1, claim);
                            statement.setObject(2, at(now.plus(lease)));
                            statement.setObject(3, mail.mail().id().value());
                        });
            }
            return claimed;
        });
    }

    @Override
    public boolean record(ClaimedMail claimed, MailDelivery next) {
        return jdbc.write(connection -> update(connection, "UPDATE mail_outbox SET state = ?, attempts = ?,"
                + " next_attempt_at = ?, ended_at = ?, reason = ?, claim = NULL, claimed_until = NULL"
                + " WHERE message_id = ? AND claim = ?", statement -> {
                    statement.setString(1, next instanceof MailDelivery.Pending ? PENDING
                            : next instanceof MailDelivery.Sent ? SENT : GIVEN_UP);
                    statement.setInt(2, next.attempts());
                    statement.setObject(3, at(next instanceof MailDelivery.Pending pending
                            ? pending.nextAttemptAt() : null));
                    statement.setObject(4, at(next instanceof MailDelivery.Sent sent ? sent.sentAt()
                            : next instanceof MailDelivery.GivenUp givenUp ? givenUp.givenUpAt() : null));
                    statement.setString(5, next instanceof MailDelivery.GivenUp givenUp ? givenUp.reason() : null);
                    statement.setObject(6, claimed.mail().id().value());
                    statement.setObject(7, claimed.claim());
                })) == 1;
    }

    @Override
    public int forgetEndedBy(Instant cutoff, int limit) {
        return jdbc.write(connection -> update(connection, "DELETE FROM mail_outbox WHERE message_id IN"
                + " (SELECT message_id FROM mail_outbox WHERE state IN (?, ?) AND ended_at <= ? LIMIT ?)",
                statement -> {
                    statement.setString(1, SENT);
                    statement.setString(2, GIVEN_UP);
                    statement.setObject(3, at(cutoff));
                    statement.setInt(4, limit);
                }));
    }

    @Override
    public OutboxDepth depth(Instant now) {
        return jdbc.read(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM mail_outbox WHERE state = ?")) {
                statement.setString(1, PENDING);
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    long pending = row.getLong("pending");
                    Instant oldest = instant(row, "oldest");
                    if (pending == 0 || oldest == null) {
                        return OutboxDepth.EMPTY;
                    }
                    Duration age = Duration.between(oldest, now);
                    return new OutboxDepth(pending, age.isNegative() ? Duration.ZERO : age);
                }
            }
        });
    }

    private static OutgoingMail mail(ResultSet row) throws SQLException {
        return new OutgoingMail(new MessageId(row.getObject("message_id", UUID.class)),
                new EmailAddress(row.getString("recipient")), row.getString("subject"), row.getString("body"),
                instant(row, "created_at"));
    }
}
