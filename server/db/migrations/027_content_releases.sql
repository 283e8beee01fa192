-- „Inhalte“ on a server that deploys itself: what became of each published change's release, so the
-- editor reads „wird gebaut“, „live seit …“ or why it failed (the site then keeps the release before).
CREATE TABLE content_releases (
  commit_hash text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('wird gebaut', 'live', 'fehlgeschlagen')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  reason text
);
