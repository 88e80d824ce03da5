-- A session's revocation is the session's state (sessions.revoked_at), and its tokens keep the states they had:
-- ACTIVE or ROTATED (RefreshToken, domain). Until now, revoking a session also marked its tokens REVOKED; each such
-- token gets back the state it had, which its rotated_at tells. Instances of the previous version must be stopped
-- first: they read the REVOKED mark, not the session, to refuse a token of a revoked session.
UPDATE refresh_tokens SET status = CASE WHEN rotated_at IS NULL THEN 'ACTIVE' ELSE 'ROTATED' END
WHERE status = 'REVOKED';
ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_status_check;
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_status_check CHECK (status IN ('ACTIVE', 'ROTATED'));
ALTER TABLE refresh_tokens DROP COLUMN revoked_at;
