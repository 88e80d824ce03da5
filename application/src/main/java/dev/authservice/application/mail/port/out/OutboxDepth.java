package dev.authservice.application.mail.port.out;

import java.time.Duration;

/** The pending mails: how many, and how long the oldest has waited (zero when none is). */
public record OutboxDepth(long pending, Duration oldestAge) {

    public static final OutboxDepth EMPTY = new OutboxDepth(0, Duration.ZERO);

    public OutboxDepth {
        if (pending < 0 || oldestAge.isNegative()) {
            throw new IllegalArgumentException("a depth is not negative");
        }
    }
}
