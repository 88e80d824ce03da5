-- The mails to send, written in the transaction of the change that makes them, and kept for a while once sent or
-- given up. Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.

-- A worker claims due mails (claim, claimed_until) in a short transaction of its own, sends them outside it, and
-- records the outcome under its claim (JdbcMailOutbox). A claim that ran out leaves the mail to the next worker.
CREATE TABLE mail_outbox (
    message_id      UUID                     NOT NULL PRIMARY KEY,
    recipient       VARCHAR(254)             NOT NULL,
    subject         VARCHAR(200)             NOT NULL,
    body            VARCHAR(20000)           NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    state           VARCHAR(8)               NOT NULL,
    attempts        INTEGER                  NOT NULL,
    next_attempt_at TIMESTAMP WITH TIME ZONE,
    claim           UUID,
    claimed_until   TIMESTAMP WITH TIME ZONE,
    ended_at        TIMESTAMP WITH TIME ZONE,
    reason          VARCHAR(500),
    CONSTRAINT mail_outbox_state_check CHECK (
        (state = 'PENDING' AND next_attempt_at IS NOT NULL AND ended_at IS NULL AND reason IS NULL)
        OR (state = 'SENT' AND next_attempt_at IS NULL AND claim IS NULL AND ended_at IS NOT NULL
            AND reason IS NULL)
        OR (state = 'GIVEN_UP' AND next_attempt_at IS NULL AND claim IS NULL AND ended_at IS NOT NULL
            AND reason IS NOT NULL))
);
-- The claim's search, the earliest due first, and the clean-up's.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (state, next_attempt_at);
CREATE INDEX mail_outbox_ended_idx ON mail_outbox (state, ended_at);
