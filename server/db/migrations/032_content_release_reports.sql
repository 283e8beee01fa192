-- „Inhalte“ with a content repository (CONTENT_GIT_REMOTE): the workflow that builds the pushed commit reports
-- its release back (POST /api/release-status, signed). Only commits this server pushed are accepted, each
-- signed report once; the live release's address is kept for the editor's link.
CREATE TABLE content_published (
  commit_hash text PRIMARY KEY,
  published_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE content_release_reports (
  message_id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE content_releases ADD COLUMN url text;
