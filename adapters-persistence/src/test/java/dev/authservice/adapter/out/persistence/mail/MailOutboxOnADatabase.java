package dev.authservice.adapter.out.persistence.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.authservice.adapter.out.persistence.TestDatabase;
import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.application.mail.port.out.ClaimedMail;
import dev.authservice.application.mail.port.out.MailOutbox;
import dev.authservice.application.mail.port.out.MailOutboxContract;
import dev.authservice.application.shared.port.out.Transactions;
import dev.authservice.domain.mail.OutgoingMail;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JDBC outbox keeps the contract, and a queued mail belongs to the transaction of the change that made it: none
 * for a change rolled back, one for a change committed.
 */
abstract class MailOutboxOnADatabase extends MailOutboxContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;

    protected abstract TestDatabase database();

    @Override
    protected MailOutbox emptyMailOutbox() {
        database().deleteAllRows();
        return database().bean(MailOutbox.class);
    }

    @Test
    void aMailQueuedInATransactionRolledBackIsNotThere() {
        MailOutbox outbox = emptyMailOutbox();
        Transactions transactions = database().bean(Transactions.class);
        assertThrows(IllegalStateException.class, () -> transactions.inTransaction(() -> {
            outbox.enqueue(MailMother.toAlice(NOW));
            throw new IllegalStateException("the change failed");
        }));
        assertEquals(List.of(), outbox.claimDue(NOW, Duration.ofMinutes(1), 10));
    }

    @Test
    void aMailQueuedInATransactionCommittedIsThere() {
        MailOutbox outbox = emptyMailOutbox();
        OutgoingMail mail = MailMother.toAlice(NOW);
        database().bean(Transactions.class).inTransaction(() -> {
            outbox.enqueue(mail);
            return null;
        });
        assertEquals(List.of(mail), outbox.claimDue(NOW, Duration.ofMinutes(1), 10).stream()
                .map(ClaimedMail::mail).toList());
    }
}
