-- Anyone may start a sign-in with an identity provider, and each pending authorization is kept until its callback
-- comes or it expires: a row now names the client it was started by (as the login throttle counts it), so that a
-- client holds only so many open at a time (OpenPerAddressLimit). A start is counted and kept holding the lock of the
-- stripe its client hashes to (JdbcPendingAuthorizationStore), so that starts arriving together cannot all pass a
-- limit only the first few fit under; the rows are made here once and never change.
-- Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.

-- The default stands for the rows from before, which expire within the hour, and lets an instance of the previous
-- version, during a rolling update, go on inserting rows without the column.
ALTER TABLE pending_authorizations ADD COLUMN client_address VARCHAR(255) DEFAULT '' NOT NULL;
CREATE INDEX pending_authorizations_client_idx ON pending_authorizations (client_address, expires_at);

CREATE TABLE pending_authorization_stripes (
    stripe INTEGER NOT NULL PRIMARY KEY
);
INSERT INTO pending_authorization_stripes (stripe) VALUES
    (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15),
    (16), (17), (18), (19), (20), (21), (22), (23), (24), (25), (26), (27), (28), (29), (30), (31),
    (32), (33), (34), (35), (36), (37), (38), (39), (40), (41), (42), (43), (44), (45), (46), (47),
    (48), (49), (50), (51), (52), (53), (54), (55), (56), (57), (58), (59), (60), (61), (62), (63);
