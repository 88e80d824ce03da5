package dev.authservice.domain.mail;

import java.util.Objects;
import java.util.UUID;

/**
 * A mail's identity, made once when it is queued and kept through every attempt: its {@code Message-ID} header says
 * the same on each, so a mail that reached the server although the attempt seemed to fail, and was sent again, is
 * one message to the receiving side.
 */
public record MessageId(UUID value) {

    public MessageId {
        Objects.requireNonNull(value, "value");
    }

    /** The {@code Message-ID} header's value, {@code <id@domain>} (RFC 5322), on the sender's {@code domain}. */
    public String header(String domain) {
        return "<" + value + "@" + domain + ">";
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
