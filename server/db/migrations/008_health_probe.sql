-- One row that GET /api/health rewrites: proof that the database takes a write, not only a read.
CREATE TABLE health_probe (
  id smallint PRIMARY KEY CHECK (id = 1),
  checked_at timestamptz NOT NULL
);
