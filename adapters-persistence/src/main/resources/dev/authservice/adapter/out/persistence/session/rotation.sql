-- Carries out a rotation that RefreshAttempt.decide decided, on PostgreSQL in one round trip: the presented token is
-- rotated, its successor stored in the same session for the same owner, and the session's last use moved where the
-- rotation says (Rotation.sessionUsedAt). It decides nothing: the token and its session are locked since
-- token-record.sql read them, so the token is still active; the statement inserts the successor only then, and its
-- count (one row) says that it did.
WITH rotated AS (
  UPDATE refresh_tokens SET status = 'ROTATED', rotated_at = :rotated_at
  WHERE token_hash = :rotated AND status = 'ACTIVE'
  RETURNING session_id, user_id),
used AS (
  UPDATE sessions SET last_used_at = :session_used_at
  WHERE id IN (SELECT session_id FROM rotated)
  RETURNING id)
INSERT INTO refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, status)
SELECT :successor, used.id, rotated.user_id, :successor_issued_at, :successor_expires_at, 'ACTIVE'
FROM used JOIN rotated ON rotated.session_id = used.id
