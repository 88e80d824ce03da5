-- Anyone may ask for a passkey login challenge, and each is kept until answered or expired: a row now names the
-- client it was issued to (as the login throttle counts it), so that a client holds only so many at a time
-- (PasskeyLoginChallenge.MAX_OPEN_PER_CLIENT). Rows from before name none; they expire within minutes.
-- Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.
ALTER TABLE passkey_login_challenges ADD COLUMN client_address VARCHAR(255) DEFAULT '' NOT NULL;
CREATE INDEX passkey_login_challenges_client_idx ON passkey_login_challenges (client_address, expires_at);
