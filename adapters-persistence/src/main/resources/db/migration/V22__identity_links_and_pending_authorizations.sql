-- Sign-in with another identity provider (OpenID Connect): the external identities linked to local accounts, and the
-- authorizations sent to providers that wait for their callback. Same rules as V1: SQL that H2 (default mode) and
-- PostgreSQL both run.

-- An identity is its issuer and subject, nothing else of the provider's: no token, no address. One identity links
-- to one account at most (the unique key); an account may hold several.
CREATE TABLE identity_links (
    id        UUID                     NOT NULL PRIMARY KEY,
    user_id   UUID                     NOT NULL,
    provider  VARCHAR(32)              NOT NULL,
    issuer    VARCHAR(255)             NOT NULL,
    subject   VARCHAR(255)             NOT NULL,
    linked_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT identity_links_identity_key UNIQUE (issuer, subject),
    CONSTRAINT identity_links_user_fkey FOREIGN KEY (user_id) REFERENCES users (id)
);
CREATE INDEX identity_links_user_idx ON identity_links (user_id, linked_at);

-- By the SHA-256 of the state only. The nonce and the PKCE verifier are kept until the callback uses the row (they
-- are what checks the answer), then cleared; the browser's cookie by its SHA-256. linking_user_id is set for a link,
-- null for a sign-in. A callback uses the row once: an UPDATE conditional on used_at being null
-- (JdbcPendingAuthorizationStore).
CREATE TABLE pending_authorizations (
    state_hash      CHAR(64)                 NOT NULL PRIMARY KEY,
    provider        VARCHAR(32)              NOT NULL,
    linking_user_id UUID,
    nonce           VARCHAR(128),
    code_verifier   VARCHAR(128),
    browser_binding CHAR(64),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    used_at         TIMESTAMP WITH TIME ZONE,
    CONSTRAINT pending_authorizations_user_fkey FOREIGN KEY (linking_user_id) REFERENCES users (id),
    CONSTRAINT pending_authorizations_open_or_used CHECK ((used_at IS NULL AND nonce IS NOT NULL
        AND code_verifier IS NOT NULL AND browser_binding IS NOT NULL) OR (used_at IS NOT NULL AND nonce IS NULL
        AND code_verifier IS NULL AND browser_binding IS NULL))
);
CREATE INDEX pending_authorizations_expires_idx ON pending_authorizations (expires_at);

-- A pending login may follow a provider's sign-in as well as a password: which one its second factor completes, for
-- the session's amr. Those before this migration followed a password.
ALTER TABLE pending_logins ADD COLUMN first_factor VARCHAR(17) DEFAULT 'PASSWORD' NOT NULL;
ALTER TABLE pending_logins ADD CONSTRAINT pending_logins_first_factor_check
    CHECK (first_factor IN ('PASSWORD', 'EXTERNAL_PROVIDER'));
