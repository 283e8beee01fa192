-- The release every instance should serve (`npm run deploy` writes it with DATABASE_URL set): instances that
-- share PostgreSQL but not the releases folder switch to it within a second once its folder is there.
CREATE TABLE live_release (
  id integer PRIMARY KEY CHECK (id = 1),
  release text NOT NULL,
  switched_at timestamptz NOT NULL DEFAULT now()
);
