-- Anyone may ask for a passkey login challenge, and each is kept until answered or expired: a row now names the
-- client it was issued to (as the login throttle counts it), so that a client holds only so many for a passkey alone
-- at a time (PasskeyLoginChallengeLimit), and a ticket's newer challenge replaces its older one.
-- Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.

-- The default stands for the rows from before, which expire within minutes, and lets an instance of the previous
-- version, during a rolling update, go on inserting rows without the column.
ALTER TABLE passkey_login_challenges ADD COLUMN client_address VARCHAR(255) DEFAULT '' NOT NULL;
CREATE INDEX passkey_login_challenges_client_idx ON passkey_login_challenges (client_address, expires_at);
CREATE INDEX passkey_login_challenges_ticket_idx ON passkey_login_challenges (ticket_hash);
