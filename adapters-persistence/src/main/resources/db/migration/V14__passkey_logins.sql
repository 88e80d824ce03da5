-- Passkey logins: their challenges, and a pending login completed by a passkey. Same rules as V1: SQL that H2
-- (default mode) and PostgreSQL both run.

-- Issued before anyone is known, so kept by value (base64url); ticket_hash binds one to the pending login it
-- completes, NULL for a passkey alone. Taken once by a DELETE whose count decides (JdbcPasskeyChallengeStore), and
-- forgotten once expired by a clean-up every minute.
CREATE TABLE passkey_login_challenges (
    challenge   VARCHAR(86)              NOT NULL PRIMARY KEY,
    ticket_hash VARCHAR(64),
    expires_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX passkey_login_challenges_expires_idx ON passkey_login_challenges (expires_at);

ALTER TABLE pending_logins DROP CONSTRAINT pending_logins_state_check;
ALTER TABLE pending_logins ADD CONSTRAINT pending_logins_state_check CHECK (
    (state = 'OPEN' AND method IS NULL AND ended_at IS NULL)
    OR (state = 'COMPLETED' AND method IN ('TOTP', 'RECOVERY_CODE', 'PASSKEY') AND ended_at IS NOT NULL)
    OR (state = 'EXHAUSTED' AND method IS NULL AND ended_at IS NOT NULL));
