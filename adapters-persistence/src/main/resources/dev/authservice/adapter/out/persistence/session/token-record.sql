-- What the store has on record for a refresh attempt (TokenRecord): the presented token, its session and
-- its owner, and the token stored under the attempt's successor hash if any (a repeat's), with every field that
-- RefreshAttempt.decide may read. The token's and the session's rows are locked
-- until the transaction ends, so that the attempts on one session run one after another on every instance. A locked
-- row is read as the last transaction that changed it left it (PostgreSQL reads it again once it holds the lock);
-- a row read without a lock could be as old as the statement's start, which is why both are locked: two attempts
-- with one token must not both find it active.
SELECT t.session_id, t.issued_at, t.expires_at, t.status, t.rotated_at, t.repeated_at,
       s.created_at, s.ends_at, s.client_address, s.user_agent, s.revoked_at, s.revocation_reason,
       u.id, u.username, u.password_hash, u.roles, u.nickname, u.department, u.created_at, u.enabled, u.email,
       u.email_verified,
       n.session_id, n.user_id, n.issued_at, n.expires_at, n.status, n.rotated_at, n.repeated_at,
       s.amr, s.authenticated_at
FROM refresh_tokens t
JOIN sessions s ON s.id = t.session_id
JOIN users u ON u.id = t.user_id
LEFT JOIN refresh_tokens n ON n.token_hash = :successor
WHERE t.token_hash = :presented
FOR UPDATE OF t, s
