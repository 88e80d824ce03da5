-- Anyone may ask for a passkey login challenge for a passkey alone, and a client holds only so many unanswered at a
-- time (OpenPerAddressLimit, V15). A request is counted and kept holding the lock of the stripe its client hashes to
-- (JdbcPasskeyChallengeStore), so that requests arriving together cannot all pass a limit only the first few fit
-- under; the rows are made here once and never change.
-- Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.
CREATE TABLE passkey_login_challenge_stripes (
    stripe INTEGER NOT NULL PRIMARY KEY
);
INSERT INTO passkey_login_challenge_stripes (stripe) VALUES
    (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15),
    (16), (17), (18), (19), (20), (21), (22), (23), (24), (25), (26), (27), (28), (29), (30), (31),
    (32), (33), (34), (35), (36), (37), (38), (39), (40), (41), (42), (43), (44), (45), (46), (47),
    (48), (49), (50), (51), (52), (53), (54), (55), (56), (57), (58), (59), (60), (61), (62), (63);
