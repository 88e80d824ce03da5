-- A session ends at its absolute lifetime however often it is refreshed (auth.session.max-lifetime, kept with the
-- session at login). Sessions begun before there was one get the default's 90 days from their start.
ALTER TABLE sessions ADD COLUMN ends_at TIMESTAMP WITH TIME ZONE;
UPDATE sessions SET ends_at = created_at + INTERVAL '90' DAY;
ALTER TABLE sessions ALTER COLUMN ends_at SET NOT NULL;
