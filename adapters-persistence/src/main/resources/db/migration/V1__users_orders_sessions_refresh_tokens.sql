-- One migration set for H2 (default mode) and PostgreSQL: plain SQL types and unquoted names only.
-- Times are instants: TIMESTAMP WITH TIME ZONE, so no session time zone can shift them.

CREATE TABLE users (
    id            UUID                     NOT NULL PRIMARY KEY,
    username      VARCHAR(64)              NOT NULL,
    password_hash VARCHAR(255)             NOT NULL,
    -- Role names, comma-separated: a role name is [A-Z][A-Z0-9_]*, never a comma.
    roles         VARCHAR(255)             NOT NULL,
    nickname      VARCHAR(100)             NOT NULL,
    department    VARCHAR(100)             NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    enabled       BOOLEAN                  NOT NULL,
    CONSTRAINT users_username_key UNIQUE (username)
);
-- The admin list sorted by creation; sorting by username uses users_username_key.
CREATE INDEX users_created_at_idx ON users (created_at, id);

CREATE TABLE orders (
    id           UUID                     NOT NULL PRIMARY KEY,
    user_id      UUID                     NOT NULL REFERENCES users (id),
    status       VARCHAR(16)              NOT NULL,
    total_amount NUMERIC(12, 2)           NOT NULL,
    currency     CHAR(3)                  NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
-- One owner's orders, newest first (the default listing), and one owner's orders of one status.
-- Sorting by total amount or status sorts the rows of one owner, found through either index.
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at, id);
CREATE INDEX orders_user_status_created_idx ON orders (user_id, status, created_at, id);

CREATE TABLE sessions (
    id                UUID                     NOT NULL PRIMARY KEY,
    user_id           UUID                     NOT NULL REFERENCES users (id),
    created_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    last_used_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    client_address    VARCHAR(255),
    user_agent        VARCHAR(512),
    revoked_at        TIMESTAMP WITH TIME ZONE,
    revocation_reason VARCHAR(32)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
-- Every instance polls the sessions revoked recently.
CREATE INDEX sessions_revoked_at_idx ON sessions (revoked_at);

CREATE TABLE refresh_tokens (
    -- The SHA-256 of the token, hex-encoded; the token itself is never stored.
    token_hash CHAR(64)                 NOT NULL PRIMARY KEY,
    session_id UUID                     NOT NULL REFERENCES sessions (id),
    user_id    UUID                     NOT NULL REFERENCES users (id),
    issued_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITH TIME ZONE NOT NULL,
    status     VARCHAR(8)               NOT NULL,
    rotated_at TIMESTAMP WITH TIME ZONE,
    revoked_at TIMESTAMP WITH TIME ZONE,
    CONSTRAINT refresh_tokens_status_check CHECK (status IN ('ACTIVE', 'ROTATED', 'REVOKED'))
);
-- Revoking a session updates all of its tokens.
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);
