-- A user's email address, optional: as they wrote it, and the key that tells mailboxes apart (EmailAddress: the local
-- part as written, the domain in lower-case IDNA ASCII), unique, so that one mailbox belongs to one user at most.
-- NULLs are distinct on both databases: any number of users have none. Whether the mailbox was shown to be the
-- user's is false for every address until it is; a user without an address has none verified.
ALTER TABLE users ADD COLUMN email VARCHAR(254);
ALTER TABLE users ADD COLUMN email_key VARCHAR(254);
ALTER TABLE users ADD COLUMN email_verified BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_email_key_key UNIQUE (email_key);
ALTER TABLE users ADD CONSTRAINT users_email_check
    CHECK ((email IS NULL AND email_key IS NULL AND email_verified = FALSE)
        OR (email IS NOT NULL AND email_key IS NOT NULL));
