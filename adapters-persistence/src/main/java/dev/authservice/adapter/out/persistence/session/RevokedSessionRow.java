package dev.authservice.adapter.out.persistence.session;

import io.micronaut.core.annotation.Introspected;
import java.time.Instant;
import java.util.UUID;

/** The two columns of a revoked session that the deny-list needs. */
@Introspected
record RevokedSessionRow(UUID id, Instant revokedAt) {
}
