-- „Inhalte“: a picture an owner or editor uploaded and has not published yet. It belongs to its uploader's
-- drafts: only they choose it and see it in their preview, the content check knows it, and it reaches the
-- repository with its record in content/image-credits.json in the same commit as the change that uses it
-- (publish, approved proposal, planned change). One that no draft, open proposal or planned change of its
-- uploader names goes when a draft is discarded, and after the drafts' period (server/content-editor/pending-images.ts).
CREATE TABLE content_pending_images (
  -- Relative to content/, e.g. images/wochenmarkt.jpg: unique among the published and the waiting pictures.
  path text PRIMARY KEY,
  editor_email text NOT NULL,
  -- The picture as the server encoded it anew (JPEG), and its record for image-credits.json as JSON text.
  jpeg bytea NOT NULL,
  credit text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX content_pending_images_editor_idx ON content_pending_images (editor_email);
