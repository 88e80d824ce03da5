-- Under a reuse grace (auth.refresh-token.reuse-grace) a rotated token presented again within it is answered with
-- the successor already issued, once: when that happened. Null: never.
ALTER TABLE refresh_tokens ADD COLUMN repeated_at TIMESTAMP WITH TIME ZONE;
