-- When a session's user last proved who they are, at login or by proving it again since: the auth_time of its access
-- tokens, which a change to how the user signs in asks to be recent. Every session before this one proved it at its
-- login.
ALTER TABLE sessions ADD COLUMN authenticated_at TIMESTAMP WITH TIME ZONE;
UPDATE sessions SET authenticated_at = created_at;
ALTER TABLE sessions ALTER COLUMN authenticated_at SET NOT NULL;

-- The wrong codes tried against a confirmed TOTP from every address (WrongCodes): how many over its secret's life,
-- how many since the last right one, and when the last of those was tried.
ALTER TABLE totp_factors ADD COLUMN wrong_codes INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE totp_factors ADD COLUMN wrong_codes_in_a_row INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE totp_factors ADD COLUMN last_wrong_code_at TIMESTAMP WITH TIME ZONE;
