-- Passkeys (WebAuthn credentials) and the challenges of registrations under way. Same rules as V1: SQL that H2
-- (default mode) and PostgreSQL both run. Binary values are kept as base64url text, which both read alike.

CREATE TABLE passkeys (
    -- Up to 1023 bytes; unique across users, since a login finds the passkey by it (JdbcPasskeyStore.add).
    credential_id   VARCHAR(1364)            NOT NULL PRIMARY KEY,
    user_id         UUID                     NOT NULL REFERENCES users (id),
    -- The user's id as the authenticator keeps it: random, up to 64 bytes.
    user_handle     VARCHAR(86)              NOT NULL,
    name            VARCHAR(64)              NOT NULL,
    -- The COSE key as the authenticator sent it; an RSA-4096 key is the largest offered, about 550 bytes.
    public_key      VARCHAR(2048)            NOT NULL,
    -- An unsigned 32-bit counter.
    sign_count      BIGINT                   NOT NULL,
    backup_eligible BOOLEAN                  NOT NULL,
    backed_up       BOOLEAN                  NOT NULL,
    -- Comma-separated, empty for none.
    transports      VARCHAR(255)             NOT NULL,
    aaguid          UUID                     NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    last_used_at    TIMESTAMP WITH TIME ZONE
);
CREATE INDEX passkeys_user_created_idx ON passkeys (user_id, created_at);

-- One registration under way per user: a new one replaces the old (JdbcPasskeyChallengeStore), so the table holds at
-- most a row per user and needs no clean-up.
CREATE TABLE passkey_challenges (
    user_id     UUID                     NOT NULL PRIMARY KEY REFERENCES users (id),
    challenge   VARCHAR(86)              NOT NULL,
    user_handle VARCHAR(86)              NOT NULL,
    expires_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
