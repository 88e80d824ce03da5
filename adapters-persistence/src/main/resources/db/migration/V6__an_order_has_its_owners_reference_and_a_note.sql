-- An order gets the client's own key for it, its reference (OrderReference, domain), unique per owner, and an
-- optional note. Same rules as V1: SQL that H2 (default mode) and PostgreSQL both run.

-- Orders placed before have no reference of their client: each gets its own id as text, unique per owner as well.
ALTER TABLE orders ADD COLUMN reference VARCHAR(64);
UPDATE orders SET reference = CAST(id AS VARCHAR(64));
ALTER TABLE orders ALTER COLUMN reference SET NOT NULL;

-- NULL when the owner wrote none; never empty (the domain refuses a blank note).
ALTER TABLE orders ADD COLUMN note VARCHAR(500);

-- Decides between concurrent placements of one reference by one owner, on any instance (JdbcOrderStore.add).
ALTER TABLE orders ADD CONSTRAINT orders_user_reference_key UNIQUE (user_id, reference);
