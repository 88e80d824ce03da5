-- The login throttle also limits a client address's failures across usernames (auth.login.max-failures-per-address,
-- ADR-0007). An attempt is now decided under a lock on its address's row instead of its pair's: instances deciding
-- for one address take turns whatever the username, so a spray spread over them gets no more tries than the limit.
-- Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.

-- One row per client address with attempts in the window.
CREATE TABLE login_throttle_addresses (
    client_address  VARCHAR(255)             NOT NULL,
    -- The latest counted attempt: once it has left the window, every attempt of the address has, and the row goes.
    last_attempt_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT login_throttle_addresses_pkey PRIMARY KEY (client_address)
);
CREATE INDEX login_throttle_addresses_last_attempt_idx ON login_throttle_addresses (last_attempt_at);

-- The attempts counted so far stay counted, now under their address.
INSERT INTO login_throttle_addresses (client_address, last_attempt_at)
    SELECT client_address, MAX(last_attempt_at) FROM login_throttles GROUP BY client_address;

ALTER TABLE login_attempts DROP CONSTRAINT login_attempts_throttle_fkey;
DROP INDEX login_attempts_throttle_idx;
DROP TABLE login_throttles;

-- Before the foreign key, which H2 would otherwise give an index of its own: the address first serves the key, the
-- count of an address and the removal of one username's attempts from it.
CREATE INDEX login_attempts_address_idx ON login_attempts (client_address, username);
ALTER TABLE login_attempts ADD CONSTRAINT login_attempts_address_fkey FOREIGN KEY (client_address)
    REFERENCES login_throttle_addresses (client_address) ON DELETE CASCADE;
