package dev.authservice.adapter.out.telemetry.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.authservice.application.user.port.out.PasswordHasher;
import dev.authservice.domain.user.Password;
import dev.authservice.domain.user.PasswordHash;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TimedPasswordHasherTest {

    private static final Password PASSWORD = new Password("correct-horse-battery-staple");
    private static final PasswordHash HASH = new PasswordHash("$argon2id$stub");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    /** Takes 20 ms to hash, so that the timer has something to show. */
    private final PasswordHasher slow = new PasswordHasher() {
        @Override
        public PasswordHash hash(Password password) {
            sleep();
            return HASH;
        }

        @Override
        public boolean verify(Password password, PasswordHash hash) {
            sleep();
            return password.equals(PASSWORD) && hash.equals(HASH);
        }

        @Override
        public boolean needsRehash(PasswordHash hash) {
            return true;
        }
    };

    private final TimedPasswordHasher hasher = new TimedPasswordHasher(slow, registry);

    @Test
    void answersAsTheHasherItWraps() {
        assertEquals(HASH, hasher.hash(PASSWORD));
        assertTrue(hasher.verify(PASSWORD, HASH));
        assertFalse(hasher.verify(new Password("wrong-horse-battery-staple"), HASH));
        assertTrue(hasher.needsRehash(HASH));
    }

    @Test
    void timesHashingAndVerifyingApart() {
        hasher.hash(PASSWORD);
        hasher.verify(PASSWORD, HASH);
        hasher.verify(PASSWORD, HASH);

        assertEquals(1, registry.get(TimedPasswordHasher.TIMER).tag("operation", "hash").timer().count());
        assertEquals(2, registry.get(TimedPasswordHasher.TIMER).tag("operation", "verify").timer().count());
        assertTrue(registry.get(TimedPasswordHasher.TIMER).tag("operation", "hash").timer()
                .totalTime(TimeUnit.MILLISECONDS) >= 20);
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
