-- Rate limits shared by every instance on one PostgreSQL database (form posts, owner logins): one row
-- per client and route (the key is a SHA-256 hash, no address is stored) with the hits in its window.
-- Unlogged: a crash may forget the counts, which costs nothing but a fresh window.
CREATE UNLOGGED TABLE rate_limit_hits (
  key_hash text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
