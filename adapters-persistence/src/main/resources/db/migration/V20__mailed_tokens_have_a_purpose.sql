-- The reset tokens become the tokens mailed to users, each for a purpose: a password reset, bound to the password
-- hash, or the verification of an address, bound to the address's comparison key. Same rules as V1: SQL that H2
-- (default mode) and PostgreSQL both run.

-- The fingerprint is the SHA-256 of what the token was issued under (MailedToken, TokenFingerprint); a token is good
-- while LIVE, unexpired and while the account's fingerprint for its purpose is still that one. Issuing one makes the
-- user's LIVE token of the same purpose SUPERSEDED; using one makes it USED (JdbcMailedTokenStore).
ALTER TABLE password_reset_tokens RENAME TO mailed_tokens;
ALTER TABLE mailed_tokens RENAME COLUMN password_fingerprint TO fingerprint;
ALTER TABLE mailed_tokens ADD COLUMN purpose VARCHAR(20) DEFAULT 'PASSWORD_RESET' NOT NULL;
ALTER TABLE mailed_tokens ADD CONSTRAINT mailed_tokens_purpose_check
    CHECK (purpose IN ('PASSWORD_RESET', 'EMAIL_VERIFICATION'));
ALTER TABLE mailed_tokens RENAME CONSTRAINT password_reset_tokens_state_check TO mailed_tokens_state_check;
ALTER TABLE mailed_tokens RENAME CONSTRAINT password_reset_tokens_user_fkey TO mailed_tokens_user_fkey;
-- The user's live token of a purpose, which a new one supersedes.
DROP INDEX password_reset_tokens_user_idx;
CREATE INDEX mailed_tokens_user_idx ON mailed_tokens (user_id, purpose, state);
ALTER INDEX password_reset_tokens_expires_idx RENAME TO mailed_tokens_expires_idx;
