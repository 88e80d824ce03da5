package dev.authservice.application.mail.port.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.fixtures.AtTheSameTime;
import dev.authservice.application.fixtures.MailMother;
import dev.authservice.application.fixtures.TestTime;
import dev.authservice.domain.mail.BackOffJitter;
import dev.authservice.domain.mail.DeliveryPolicy;
import dev.authservice.domain.mail.MailDelivery;
import dev.authservice.domain.mail.MessageId;
import dev.authservice.domain.mail.OutgoingMail;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link MailOutbox} promises. An implementation's test hands out an empty outbox. */
public abstract class MailOutboxContract {

    private static final Instant NOW = TestTime.SOME_INSTANT;
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final DeliveryPolicy POLICY = DeliveryPolicy.defaults();
    private static final int WORKERS = 8;

    private MailOutbox outbox;

    protected abstract MailOutbox emptyMailOutbox();

    @BeforeEach
    void startEmpty() {
        outbox = emptyMailOutbox();
    }

    @Test
    void aQueuedMailIsClaimedAsItWasQueued() {
        OutgoingMail mail = MailMother.toAlice(NOW);
        outbox.enqueue(mail);
        List<ClaimedMail> claimed = outbox.claimDue(NOW, LEASE, 10);
        assertEquals(1, claimed.size());
        assertEquals(mail, claimed.get(0).mail());
        assertEquals(MailDelivery.queued(NOW), claimed.get(0).delivery());
    }

    @Test
    void aClaimedMailIsNoOtherClaimsUntilItsLeaseRunsOut() {
        outbox.enqueue(MailMother.toAlice(NOW));
        ClaimedMail first = outbox.claimDue(NOW, LEASE, 10).get(0);
        assertEquals(List.of(), outbox.claimDue(NOW.plus(LEASE).minusMillis(1), LEASE, 10));
        ClaimedMail second = outbox.claimDue(NOW.plus(LEASE), LEASE, 10).get(0);
        assertEquals(first.mail(), second.mail());
        assertFalse(first.claim().equals(second.claim()));
        assertFalse(outbox.record(first, first.delivery().sent(NOW)), "the lapsed claim writes nothing");
        assertTrue(outbox.record(second, second.delivery().sent(NOW.plus(LEASE))));
        assertEquals(List.of(), outbox.claimDue(NOW.plus(LEASE.multipliedBy(3)), LEASE, 10));
    }

    @Test
    void theEarliestDueAreClaimedFirstUpToTheLimit() {
        OutgoingMail later = MailMother.toAlice(NOW.plusSeconds(2));
        OutgoingMail earlier = MailMother.toAlice(NOW.plusSeconds(1));
        OutgoingMail notYet = MailMother.toAlice(NOW.plusSeconds(60));
        Stream.of(later, earlier, notYet).forEach(outbox::enqueue);
        assertEquals(List.of(earlier), mails(outbox.claimDue(NOW.plusSeconds(10), LEASE, 1)));
        assertEquals(List.of(later), mails(outbox.claimDue(NOW.plusSeconds(10), LEASE, 10)));
    }

    @Test
    void aFailedAttemptIsDueAgainAtItsNextAttempt() {
        OutgoingMail mail = MailMother.toAlice(NOW);
        outbox.enqueue(mail);
        ClaimedMail claimed = outbox.claimDue(NOW, LEASE, 10).get(0);
        MailDelivery.Pending again = (MailDelivery.Pending) claimed.delivery().failed(mail, NOW.plusSeconds(1),
                "connection refused", POLICY, BackOffJitter.NONE);
        assertTrue(outbox.record(claimed, again));
        assertEquals(List.of(), outbox.claimDue(again.nextAttemptAt().minusMillis(1), LEASE, 10),
                "its claim let go, but not due");
        ClaimedMail retried = outbox.claimDue(again.nextAttemptAt(), LEASE, 10).get(0);
        assertEquals(again, retried.delivery());
        assertEquals(mail, retried.mail());
    }

    @Test
    void sentAndGivenUpMailsAreNeverClaimedAndForgottenAfterTheirEnd() {
        OutgoingMail sent = MailMother.toAlice(NOW);
        OutgoingMail givenUp = MailMother.to("bob@example.com", NOW);
        OutgoingMail pending = MailMother.to("carol@example.com", NOW);
        Stream.of(sent, givenUp, pending).forEach(outbox::enqueue);
        for (ClaimedMail claimed : outbox.claimDue(NOW, LEASE, 10)) {
            MailDelivery next = claimed.mail().equals(sent) ? claimed.delivery().sent(NOW.plusSeconds(1))
                    : claimed.mail().equals(givenUp)
                            ? claimed.delivery().refused(NOW.plusSeconds(2), "550 no such user")
                    : claimed.delivery().failed(pending, NOW.plusSeconds(3), "421 try later", POLICY,
                            BackOffJitter.NONE);
            assertTrue(outbox.record(claimed, next));
        }
        assertEquals(List.of(), outbox.claimDue(NOW.plusSeconds(10), LEASE, 10));
        assertEquals(0, outbox.forgetEndedBy(NOW, 100));
        assertEquals(1, outbox.forgetEndedBy(NOW.plusSeconds(1), 100));
        assertEquals(1, outbox.forgetEndedBy(NOW.plus(Duration.ofDays(365)), 100));
        assertEquals(new OutboxDepth(1, Duration.ofDays(1)), outbox.depth(NOW.plus(Duration.ofDays(1))),
                "the pending one stays");
    }

    @Test
    void theCleanUpForgetsAtMostItsLimit() {
        for (int i = 0; i < 5; i++) {
            outbox.enqueue(MailMother.toAlice(NOW));
        }
        outbox.claimDue(NOW, LEASE, 10).forEach(claimed -> outbox.record(claimed, claimed.delivery().sent(NOW)));
        assertEquals(2, outbox.forgetEndedBy(NOW, 2));
        assertEquals(2, outbox.forgetEndedBy(NOW, 2));
        assertEquals(1, outbox.forgetEndedBy(NOW, 2));
        assertEquals(0, outbox.forgetEndedBy(NOW, 2));
    }

    @Test
    void theDepthIsThePendingMailsAndTheAgeOfTheOldest() {
        assertEquals(OutboxDepth.EMPTY, outbox.depth(NOW));
        outbox.enqueue(MailMother.toAlice(NOW.minusSeconds(90)));
        outbox.enqueue(MailMother.toAlice(NOW.minusSeconds(30)));
        assertEquals(new OutboxDepth(2, Duration.ofSeconds(90)), outbox.depth(NOW));
        ClaimedMail oldest = outbox.claimDue(NOW, LEASE, 1).get(0);
        assertEquals(new OutboxDepth(2, Duration.ofSeconds(90)), outbox.depth(NOW), "claimed is still pending");
        outbox.record(oldest, oldest.delivery().sent(NOW));
        assertEquals(new OutboxDepth(1, Duration.ofSeconds(30)), outbox.depth(NOW));
    }

    @Test
    void workersClaimingAtOnceNeverGetTheSameMail() throws Exception {
        int mails = 40;
        for (int i = 0; i < mails; i++) {
            outbox.enqueue(MailMother.toAlice(NOW.plusMillis(i)));
        }
        Set<MessageId> seen = new HashSet<>();
        List<MessageId> all = new ArrayList<>();
        for (int round = 0; round < mails && seen.size() < mails; round++) {
            List<List<ClaimedMail>> claims = AtTheSameTime.run(Collections.<Callable<List<ClaimedMail>>>nCopies(
                    WORKERS, () -> outbox.claimDue(NOW.plusSeconds(1), LEASE, 3)));
            for (List<ClaimedMail> claim : claims) {
                for (ClaimedMail claimed : claim) {
                    all.add(claimed.mail().id());
                    seen.add(claimed.mail().id());
                    assertTrue(outbox.record(claimed, claimed.delivery().sent(NOW.plusSeconds(1))));
                }
            }
        }
        assertEquals(mails, seen.size(), "every mail claimed");
        assertEquals(mails, all.size(), "none twice");
    }

    private static List<OutgoingMail> mails(List<ClaimedMail> claimed) {
        return claimed.stream().map(ClaimedMail::mail).toList();
    }
}
