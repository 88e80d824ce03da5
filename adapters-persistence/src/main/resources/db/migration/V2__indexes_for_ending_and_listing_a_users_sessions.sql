-- Indexes for ending all of a user's sessions and for listing the ones still alive. Same rules as V1: SQL that H2
-- (default mode) and PostgreSQL both run, so no partial index.

-- Ending every session of a user (password change, disabled account, an administrator) locks the ones not revoked
-- yet: `user_id = ? AND revoked_at IS NULL` is one range of this index, however many sessions the user ended before.
-- It serves every other lookup by user_id as well, the foreign key's included, so it replaces sessions_user_id_idx.
CREATE INDEX sessions_user_revoked_idx ON sessions (user_id, revoked_at);
DROP INDEX sessions_user_id_idx;

-- A user's live sessions are the ones holding an ACTIVE refresh token that has not expired, and a session holds at
-- most one. `user_id = ? AND status = 'ACTIVE' AND expires_at > ?` is one range of this index, which also carries the
-- session_id to join on: the listing costs what the user's live sessions cost, not what their history does (every
-- refresh leaves a ROTATED token behind, and a session nobody logged out of stays unrevoked after it expires).
CREATE INDEX refresh_tokens_user_status_expires_idx ON refresh_tokens (user_id, status, expires_at, session_id);
