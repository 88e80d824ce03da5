-- One refresh-token rotation as the service runs it on PostgreSQL (JdbcSessionStore.present's one statement, in the
-- transaction that RefreshAccessTokenService opens around a refresh), for pgbench -M prepared -D n=0: client
-- :client_id's token number :n is presented, and number n + 1 takes its place. The bound instants of the service
-- are now() here. The computed hashes are cast to the column's type, CHAR(64), as the driver's bound strings are:
-- compared as text, the primary key could not be used.
\set next :n + 1
BEGIN;
WITH s AS (
  UPDATE sessions SET last_used_at = now()
  WHERE revoked_at IS NULL
    AND id = (SELECT t.session_id FROM refresh_tokens t JOIN users u ON u.id = t.user_id
              WHERE t.token_hash = CAST(lpad(CAST(:client_id AS text) || '.' || CAST(:n AS text), 64, '0') AS CHAR(64))
                AND t.status = 'ACTIVE' AND t.expires_at > now() AND u.enabled)
  RETURNING id, user_id, created_at, client_address, user_agent),
r AS (
  UPDATE refresh_tokens t SET status = 'ROTATED', rotated_at = now()
  FROM s
  WHERE t.token_hash = CAST(lpad(CAST(:client_id AS text) || '.' || CAST(:n AS text), 64, '0') AS CHAR(64))
    AND t.session_id = s.id AND t.status = 'ACTIVE' AND t.expires_at > now()
  RETURNING t.session_id, t.user_id, t.issued_at, t.expires_at),
i AS (
  INSERT INTO refresh_tokens (token_hash, session_id, user_id, issued_at, expires_at, status)
  SELECT lpad(CAST(:client_id AS text) || '.' || CAST(:next AS text), 64, '0'), r.session_id, r.user_id, now(),
         now() + interval '30 days', 'ACTIVE' FROM r)
SELECT r.issued_at, r.expires_at, s.id, s.created_at, s.client_address, s.user_agent,
       u.id, u.username, u.password_hash, u.roles, u.nickname, u.department, u.created_at, u.enabled
FROM r JOIN s ON s.id = r.session_id JOIN users u ON u.id = r.user_id;
COMMIT;
\set n :next
