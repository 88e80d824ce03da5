-- Password resets: the tokens mailed to users, by their hash only, and the requests counted for the limits on them.
-- Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.

-- A token is good while LIVE, unexpired and while its user's password hash still has the fingerprint it was issued
-- under (the SHA-256 of the stored hash): a password changed by any path voids it without touching this table.
-- Issuing one makes the user's LIVE token SUPERSEDED; using one makes it USED (JdbcResetTokenStore).
CREATE TABLE password_reset_tokens (
    token_hash           CHAR(64)                 NOT NULL PRIMARY KEY,
    user_id              UUID                     NOT NULL,
    password_fingerprint CHAR(64)                 NOT NULL,
    issued_at            TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    state                VARCHAR(10)              NOT NULL,
    CONSTRAINT password_reset_tokens_state_check CHECK (state IN ('LIVE', 'USED', 'SUPERSEDED')),
    CONSTRAINT password_reset_tokens_user_fkey FOREIGN KEY (user_id) REFERENCES users (id)
);
-- The user's live token, which a new one supersedes; and the clean-up's search.
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, state);
CREATE INDEX password_reset_tokens_expires_idx ON password_reset_tokens (expires_at);

-- One row per request let through: the SHA-256 of the identifier it named (whether or not an account has it) and the
-- client's network. Counted per identifier and per network inside the window, then forgotten.
CREATE TABLE password_reset_requests (
    id           UUID                     NOT NULL PRIMARY KEY,
    identifier   CHAR(64)                 NOT NULL,
    client       VARCHAR(255)             NOT NULL,
    requested_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX password_reset_requests_identifier_idx ON password_reset_requests (identifier, requested_at);
CREATE INDEX password_reset_requests_client_idx ON password_reset_requests (client, requested_at);
CREATE INDEX password_reset_requests_at_idx ON password_reset_requests (requested_at);
