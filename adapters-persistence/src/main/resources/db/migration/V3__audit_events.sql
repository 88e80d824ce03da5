-- The audit trail: one row per security event (a routine token refresh is only counted, see AuditLog).
-- No foreign keys: the trail must keep what happened to a user or session whatever becomes of them.
CREATE TABLE audit_events (
    id             UUID                     NOT NULL PRIMARY KEY,
    type           VARCHAR(32)              NOT NULL,
    occurred_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    user_id        UUID,
    session_id     UUID,
    -- Who asked: the user themself, an administrator, or nobody yet (a login) or the service (start-up).
    actor_id       UUID,
    client_address VARCHAR(255),
    user_agent     VARCHAR(512),
    outcome        VARCHAR(64),
    -- How many sessions the event ended, and why (NULL for an event that ends none by nature).
    ended_reason   VARCHAR(32),
    ended_sessions INTEGER
);
-- Newest first, for everyone, for one user and for one type of event.
CREATE INDEX audit_events_occurred_idx ON audit_events (occurred_at, id);
CREATE INDEX audit_events_user_occurred_idx ON audit_events (user_id, occurred_at, id);
CREATE INDEX audit_events_type_occurred_idx ON audit_events (type, occurred_at, id);
