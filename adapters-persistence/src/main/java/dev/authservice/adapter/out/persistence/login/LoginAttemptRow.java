package dev.authservice.adapter.out.persistence.login;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import java.util.UUID;

/** One counted login attempt of a pair in {@code login_throttles}. */
@MappedEntity(value = "login_attempts", escape = false)
record LoginAttemptRow(@Id UUID id, String username, String clientAddress, Instant attemptedAt) {
}
