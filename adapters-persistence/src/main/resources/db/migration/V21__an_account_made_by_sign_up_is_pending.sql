-- An account made by sign-up is pending until its address is verified: it cannot log in, and the clean-up removes it,
-- with every row that references it, once it has been pending longer than auth.sign-up.pending-lifetime. NULL for
-- every other account. Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.
ALTER TABLE users ADD COLUMN pending_since TIMESTAMP WITH TIME ZONE;
ALTER TABLE users ADD CONSTRAINT users_pending_check CHECK (pending_since IS NULL OR email_verified = FALSE);
-- The clean-up's search.
CREATE INDEX users_pending_since_idx ON users (pending_since);
