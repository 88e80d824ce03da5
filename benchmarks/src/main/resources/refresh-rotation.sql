-- One refresh-token rotation as the service runs it (statements as Micronaut Data logs them at DEBUG on
-- io.micronaut.data.query), for pgbench -M prepared -D n=0: client :client_id's token number :n is presented, and
-- number n + 1 takes its place. The bound instants of the service are now() here; all in one transaction. The
-- computed hash is cast to the column's type, CHAR(64), as the driver's bound string is: compared as text, the
-- primary key could not be used.
BEGIN;
SELECT refresh_token_row_.token_hash,refresh_token_row_.session_id,refresh_token_row_.user_id,refresh_token_row_.issued_at,refresh_token_row_.expires_at,refresh_token_row_.status,refresh_token_row_.rotated_at,refresh_token_row_.revoked_at FROM refresh_tokens refresh_token_row_ WHERE (refresh_token_row_.token_hash = CAST(lpad(CAST(:client_id AS text) || '.' || CAST(:n AS text), 64, '0') AS CHAR(64)))
\gset
SELECT user_row_.id,user_row_.username,user_row_.password_hash,user_row_.roles,user_row_.nickname,user_row_.department,user_row_.created_at,user_row_.enabled FROM users user_row_ WHERE (user_row_.id = :user_id);
UPDATE sessions SET last_used_at = now() WHERE id = :session_id;
UPDATE refresh_tokens SET status = 'ROTATED', rotated_at = now() WHERE token_hash = :token_hash AND status = 'ACTIVE';
\set next :n + 1
INSERT INTO refresh_tokens (session_id,user_id,issued_at,expires_at,status,rotated_at,revoked_at,token_hash) VALUES (:session_id, :user_id, now(), now() + interval '30 days', 'ACTIVE', NULL, NULL, lpad(CAST(:client_id AS text) || '.' || CAST(:next AS text), 64, '0'));
COMMIT;
\set n :next
