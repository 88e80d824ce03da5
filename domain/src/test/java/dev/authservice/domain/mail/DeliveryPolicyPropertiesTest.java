package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * The back-off and the giving up in every policy the configuration allows, at each boundary: the wait never leaves
 * [half the back-off, the ceiling], it never shrinks from one failure to the next, and a mail is tried exactly until
 * its last attempt or its age.
 */
class DeliveryPolicyPropertiesTest {

    private static final Instant QUEUED = Instant.parse("2026-12-01T10:00:00Z");

    @Property
    void theBackOffIsTheBaseDoubledButNeverAboveTheCeiling(@ForAll("policies") DeliveryPolicy policy,
                                                           @ForAll @IntRange(min = 1, max = 200) int failures) {
        Duration wait = policy.backOff(failures);
        Duration doubled = policy.backOffBase().multipliedBy(1L << Math.min(failures - 1, 40));
        assertEquals(doubled.compareTo(policy.backOffCeiling()) < 0 ? doubled : policy.backOffCeiling(), wait);
        assertTrue(wait.compareTo(policy.backOff(failures + 1)) <= 0, "never shrinks");
        assertTrue(wait.compareTo(policy.backOffBase()) >= 0 && wait.compareTo(policy.backOffCeiling()) <= 0);
    }

    @Property
    void jitterKeepsTheWaitBetweenHalfAndAll(@ForAll("policies") DeliveryPolicy policy,
                                             @ForAll @IntRange(min = 1, max = 200) int failures,
                                             @ForAll @DoubleRange(min = -1, max = 2) double fraction) {
        Duration full = policy.backOff(failures);
        Duration wait = policy.backOff(failures, () -> fraction);
        assertTrue(wait.compareTo(full) <= 0 && wait.multipliedBy(2).compareTo(full) >= 0, wait + " of " + full);
        assertTrue(!wait.isNegative() && !wait.isZero());
    }

    @Property
    void aFailedMailIsTriedAgainUntilItsLastAttemptOrItsAge(@ForAll("policies") DeliveryPolicy policy,
                                                           @ForAll @IntRange(min = 0, max = 120) int attempts,
                                                           @ForAll("offsets") Duration fromMaxAge) {
        OutgoingMail mail = new OutgoingMail(new MessageId(UUID.randomUUID()), new EmailAddress("alice@example.com"),
                "Hello", "Hello, Alice", QUEUED);
        Duration sinceQueued = max(Duration.ZERO, policy.maxAge().plus(fromMaxAge));
        Instant at = QUEUED.plus(sinceQueued);
        MailDelivery next = new MailDelivery.Pending(attempts, at).failed(mail, at, "down", policy,
                BackOffJitter.NONE);
        boolean last = attempts + 1 >= policy.maxAttempts() || sinceQueued.compareTo(policy.maxAge()) >= 0;
        if (last) {
            assertEquals(new MailDelivery.GivenUp(attempts + 1, at, "down"), next);
        } else {
            assertEquals(new MailDelivery.Pending(attempts + 1, at.plus(policy.backOff(attempts + 1))), next);
        }
    }

    @Provide
    Arbitrary<DeliveryPolicy> policies() {
        Arbitrary<Duration> base = Arbitraries.longs().between(1, DeliveryPolicy.MAX_BACK_OFF.toMillis())
                .map(Duration::ofMillis);
        return Combinators.combine(Arbitraries.integers().between(1, DeliveryPolicy.MAX_ATTEMPTS), base,
                        Arbitraries.doubles().between(1, 1000), ages())
                .as((attempts, backOff, factor, age) -> new DeliveryPolicy(attempts, backOff,
                        min(Duration.ofMillis((long) (backOff.toMillis() * factor)), DeliveryPolicy.MAX_BACK_OFF),
                        age));
    }

    /** Ages within the longest allowed. */
    private static Arbitrary<Duration> ages() {
        return Arbitraries.longs().between(1, DeliveryPolicy.MAX_AGE.toSeconds()).map(Duration::ofSeconds);
    }

    /** How far from a policy's age limit a failure is: often on it or a nanosecond beside it, else anywhere. */
    @Provide
    Arbitrary<Duration> offsets() {
        return Arbitraries.oneOf(Arbitraries.of(Duration.ZERO, Duration.ofNanos(-1), Duration.ofNanos(1)),
                Arbitraries.longs().between(-DeliveryPolicy.MAX_AGE.toSeconds(), DeliveryPolicy.MAX_AGE.toSeconds())
                        .map(Duration::ofSeconds));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) < 0 ? a : b;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) > 0 ? a : b;
    }
}
