package dev.authservice.adapter.out.persistence.user;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** One counted login attempt of an address in {@code login_throttle_addresses}. */
@MappedEntity(value = "login_attempts", escape = false)
record LoginAttemptRow(@Id UUID id, String username, String clientAddress, Instant attemptedAt) {
}
