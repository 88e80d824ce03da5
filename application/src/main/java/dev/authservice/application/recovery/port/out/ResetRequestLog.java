package dev.authservice.application.recovery.port.out;

import dev.authservice.domain.recovery.ResetRequestKey;
import java.time.Instant;
import java.util.List;

/** The reset requests let through lately, by the identifier they named and by the client's network. */
public interface ResetRequestLog {

    /** When requests under the key's identifier were made after {@code since}. */
    List<Instant> ofIdentifier(ResetRequestKey key, Instant since);

    /** When requests from the key's client network were made after {@code since}. */
    List<Instant> ofClient(ResetRequestKey key, Instant since);

    void record(ResetRequestKey key, Instant at);

    /** Forgets up to {@code limit} requests made at or before {@code cutoff}; returns how many. */
    int forgetBefore(Instant cutoff, int limit);
}
