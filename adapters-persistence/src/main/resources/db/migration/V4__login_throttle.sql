-- The login throttle's attempts when the instances share them (auth.login.attempt-log: database, ADR-0007).

-- One row per username and client address with attempts in the window. An attempt locks its pair's row while it is
-- decided, so instances deciding for the same pair take turns.
CREATE TABLE login_throttles (
    username        VARCHAR(64)              NOT NULL,
    client_address  VARCHAR(255)             NOT NULL,
    -- The latest counted attempt: once it has left the window, every attempt of the pair has, and the row goes.
    last_attempt_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT login_throttles_pkey PRIMARY KEY (username, client_address)
);
CREATE INDEX login_throttles_last_attempt_idx ON login_throttles (last_attempt_at);

-- The counted attempts: counted when they start, before the password is checked; a successful login deletes its pair.
CREATE TABLE login_attempts (
    id             UUID                     NOT NULL PRIMARY KEY,
    username       VARCHAR(64)              NOT NULL,
    client_address VARCHAR(255)             NOT NULL,
    attempted_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
-- Before the foreign key, which H2 would otherwise give an index of its own: one index serves both databases.
CREATE INDEX login_attempts_throttle_idx ON login_attempts (username, client_address);
ALTER TABLE login_attempts ADD CONSTRAINT login_attempts_throttle_fkey FOREIGN KEY (username, client_address)
    REFERENCES login_throttles (username, client_address) ON DELETE CASCADE;
