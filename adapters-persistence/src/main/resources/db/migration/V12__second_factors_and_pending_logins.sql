-- A user's TOTP as a second factor, one per user: pending while confirmed_at is NULL, in effect once confirmed. The
-- secret is sealed (AES-GCM) under the server key that key_id names, base64; last_step is the time step of the last
-- code accepted, so that no code is accepted twice.
CREATE TABLE totp_factors (
    user_id       UUID                     NOT NULL PRIMARY KEY,
    key_id        VARCHAR(64)              NOT NULL,
    sealed_secret VARCHAR(256)             NOT NULL,
    enrolled_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    confirmed_at  TIMESTAMP WITH TIME ZONE,
    last_step     BIGINT,
    CONSTRAINT totp_factors_confirmed_check CHECK ((confirmed_at IS NULL AND last_step IS NULL)
        OR (confirmed_at IS NOT NULL AND last_step IS NOT NULL))
);
ALTER TABLE totp_factors ADD CONSTRAINT totp_factors_user_fkey FOREIGN KEY (user_id) REFERENCES users (id);

-- The unused recovery codes of a confirmed TOTP, by SHA-256 only; a use deletes its row.
CREATE TABLE recovery_codes (
    user_id   UUID        NOT NULL,
    code_hash VARCHAR(64) NOT NULL,
    CONSTRAINT recovery_codes_pkey PRIMARY KEY (user_id, code_hash)
);
ALTER TABLE recovery_codes ADD CONSTRAINT recovery_codes_user_fkey FOREIGN KEY (user_id) REFERENCES users (id);

-- Logins whose password was right, waiting for their second factor, by the SHA-256 of their ticket, with the
-- password hash the password was checked against (a completion after a password change starts no session). state is
-- OPEN, COMPLETED (with the method and when) or EXHAUSTED (by wrong codes, with when); the clean-up forgets them once
-- expired.
CREATE TABLE pending_logins (
    ticket_hash   VARCHAR(64)              NOT NULL PRIMARY KEY,
    user_id       UUID                     NOT NULL,
    password_hash VARCHAR(255)             NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    wrong_codes   INTEGER                  NOT NULL,
    state         VARCHAR(16)              NOT NULL,
    method        VARCHAR(16),
    ended_at      TIMESTAMP WITH TIME ZONE,
    CONSTRAINT pending_logins_state_check CHECK ((state = 'OPEN' AND method IS NULL AND ended_at IS NULL)
        OR (state = 'COMPLETED' AND method IN ('TOTP', 'RECOVERY_CODE') AND ended_at IS NOT NULL)
        OR (state = 'EXHAUSTED' AND method IS NULL AND ended_at IS NOT NULL))
);
CREATE INDEX pending_logins_user_idx ON pending_logins (user_id);
CREATE INDEX pending_logins_expires_idx ON pending_logins (expires_at);
ALTER TABLE pending_logins ADD CONSTRAINT pending_logins_user_fkey FOREIGN KEY (user_id) REFERENCES users (id);

-- How a session's user logged in, as the amr claim of its access tokens says it (RFC 8176), values separated by
-- spaces: every session before this one was a password login.
ALTER TABLE sessions ADD COLUMN amr VARCHAR(32);
UPDATE sessions SET amr = 'pwd';
ALTER TABLE sessions ALTER COLUMN amr SET NOT NULL;
