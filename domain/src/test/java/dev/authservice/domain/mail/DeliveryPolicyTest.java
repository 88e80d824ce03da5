package dev.authservice.domain.mail;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeliveryPolicyTest {

    private static final Instant QUEUED = Instant.parse("2026-12-01T10:00:00Z");
    private final DeliveryPolicy policy = new DeliveryPolicy(5, Duration.ofSeconds(30), Duration.ofMinutes(3),
            Duration.ofHours(1));

    @Test
    void theBackOffDoublesFromItsBaseUpToItsCeiling() {
        assertAll(
                () -> assertEquals(Duration.ofSeconds(30), policy.backOff(1)),
                () -> assertEquals(Duration.ofSeconds(60), policy.backOff(2)),
                () -> assertEquals(Duration.ofSeconds(120), policy.backOff(3)),
                () -> assertEquals(Duration.ofMinutes(3), policy.backOff(4)),
                () -> assertEquals(Duration.ofMinutes(3), policy.backOff(DeliveryPolicy.MAX_ATTEMPTS)),
                () -> assertEquals(Duration.ofMinutes(3), policy.backOff(Integer.MAX_VALUE)));
    }

    @Test
    void jitterLeavesOutAtMostHalf() {
        assertAll(
                () -> assertEquals(Duration.ofSeconds(60), policy.backOff(2, BackOffJitter.NONE)),
                () -> assertEquals(Duration.ofSeconds(30), policy.backOff(2, () -> 1)),
                () -> assertEquals(Duration.ofSeconds(45), policy.backOff(2, () -> 0.5)),
                () -> assertEquals(Duration.ofSeconds(30), policy.backOff(2, () -> 7)),
                () -> assertEquals(Duration.ofSeconds(60), policy.backOff(2, () -> -1)));
    }

    @Test
    void aMailIsGivenUpAtItsLastAttemptOrOnceItIsMaxAgeOld() {
        assertAll(
                () -> assertFalse(policy.givesUp(4, QUEUED, QUEUED)),
                () -> assertTrue(policy.givesUp(5, QUEUED, QUEUED)),
                () -> assertFalse(policy.givesUp(1, QUEUED, QUEUED.plus(Duration.ofHours(1)).minusNanos(1))),
                () -> assertTrue(policy.givesUp(1, QUEUED, QUEUED.plus(Duration.ofHours(1)))));
    }

    @Test
    void eachSettingIsBounded() {
        Duration second = Duration.ofSeconds(1);
        assertAll(
                () -> assertThrows(InvalidValueException.class, () -> new DeliveryPolicy(0, second, second, second)),
                () -> assertThrows(InvalidValueException.class,
                        () -> new DeliveryPolicy(DeliveryPolicy.MAX_ATTEMPTS + 1, second, second, second)),
                () -> assertThrows(InvalidValueException.class,
                        () -> new DeliveryPolicy(1, Duration.ZERO, second, second)),
                () -> assertEquals("backOffCeiling", assertThrows(InvalidValueException.class,
                        () -> new DeliveryPolicy(1, Duration.ofMinutes(2), Duration.ofMinutes(1), second)).field()),
                () -> assertThrows(InvalidValueException.class, () -> new DeliveryPolicy(1, second,
                        DeliveryPolicy.MAX_BACK_OFF.plusNanos(1), second)),
                () -> assertThrows(InvalidValueException.class,
                        () -> new DeliveryPolicy(1, second, second, DeliveryPolicy.MAX_AGE.plusNanos(1))),
                () -> assertEquals(20, DeliveryPolicy.defaults().maxAttempts()));
    }
}
