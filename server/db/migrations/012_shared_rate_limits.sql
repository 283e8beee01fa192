-- Rate limits shared by every instance on one PostgreSQL database (form posts, owner logins): one row
-- per client and route (keyed by a SHA-256 hash of route and address, not the address) with the hits in
-- its window.
-- Unlogged: a crash may forget the counts, which costs nothing but a fresh window.
CREATE UNLOGGED TABLE rate_limit_hits (
  key_hash text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
