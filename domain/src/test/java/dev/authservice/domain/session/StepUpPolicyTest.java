package dev.authservice.domain.session;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.domain.InvalidValueException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StepUpPolicyTest {

    private static final Instant PROVED = Instant.parse("2026-12-01T10:00:00Z");
    private final StepUpPolicy policy = new StepUpPolicy(Duration.ofMinutes(5));

    @Test
    void aProofServesForItsMaxAgeAndNotAMomentLonger() {
        assertAll(
                () -> assertTrue(policy.isRecent(PROVED, PROVED)),
                () -> assertTrue(policy.isRecent(PROVED, PROVED.plus(Duration.ofMinutes(5)).minusNanos(1))),
                () -> assertFalse(policy.isRecent(PROVED, PROVED.plus(Duration.ofMinutes(5)))),
                () -> assertFalse(policy.isRecent(PROVED, PROVED.plus(Duration.ofDays(30)))));
    }

    @Test
    void aTokenIssuedBeforeTokensSaidWhenProvesNothingRecent() {
        assertFalse(policy.isRecent(Instant.EPOCH, PROVED));
    }

    @Test
    void theMaxAgeIsPositiveAndAtMostAnHour() {
        assertAll(
                () -> assertThrows(InvalidValueException.class, () -> new StepUpPolicy(Duration.ZERO)),
                () -> assertThrows(InvalidValueException.class,
                        () -> new StepUpPolicy(StepUpPolicy.MAX_MAX_AGE.plusNanos(1))),
                () -> assertEquals(StepUpPolicy.MAX_MAX_AGE, new StepUpPolicy(StepUpPolicy.MAX_MAX_AGE).maxAge()),
                () -> assertEquals(Duration.ofMinutes(5), StepUpPolicy.defaults().maxAge()));
    }
}
