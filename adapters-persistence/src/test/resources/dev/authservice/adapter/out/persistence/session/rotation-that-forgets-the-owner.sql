-- rotation-in-one-statement.sql without its owner's condition: it rotates a disabled owner's token, which the domain
-- refuses. For the test that the store falls back instead of answering a wrong rotation.
SAVEPOINT one_statement_rotation;
WITH found AS (
  SELECT session_id, user_id, issued_at, expires_at, status, rotated_at
  FROM refresh_tokens WHERE token_hash = :presented),
s AS (
  UPDATE sessions SET last_used_at = :at
  WHERE revoked_at IS NULL
    AND id = (SELECT f.session_id FROM found f JOIN users u ON u.id = f.user_id
              WHERE f.status = 'ACTIVE' AND f.expires_at > :at)
  RETURNING id, created_at, client_address, user_agent, revoked_at, revocation_reason),
r AS (
  UPDATE refresh_tokens t SET status = 'ROTATED', rotated_at = :at
  FROM s
  WHERE t.token_hash = :presented AND t.session_id = s.id AND t.status = 'ACTIVE' AND t.expires_at > :at
  RETURNING t.session_id, t.user_id),
i AS (
  INSERT INTO refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, status)
  SELECT :successor, r.session_id, r.user_id, :at, :successor_expires_at, 'ACTIVE' FROM r)
SELECT f.session_id, f.issued_at, f.expires_at, f.status, f.rotated_at,
       s.created_at, s.client_address, s.user_agent, s.revoked_at, s.revocation_reason,
       u.id, u.username, u.password_hash, u.roles, u.nickname, u.department, u.created_at, u.enabled
FROM r JOIN found f ON f.session_id = r.session_id JOIN s ON s.id = r.session_id JOIN users u ON u.id = r.user_id
