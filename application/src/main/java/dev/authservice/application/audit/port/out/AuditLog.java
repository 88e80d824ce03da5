package dev.authservice.application.audit.port.out;

import dev.authservice.domain.audit.SecurityEvent;

/**
 * Where the use cases report every security event: a login, a refresh, a logout, a revoked session, a changed
 * password, an account created, disabled or enabled. Which of them are written down, logged or only counted is the
 * adapters' business; a use case reports each one once, after it happened.
 */
public interface AuditLog {

    void record(SecurityEvent event);
}
