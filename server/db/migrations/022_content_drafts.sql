-- „Inhalte“: what an owner or editor changed in a content file and has not published yet, kept per person
-- and file so it survives a reload and a lost connection, and others editing the same file see it.
-- `base_commit`: the file's last commit when the editing began; publishing compares it with the file's
-- latest commit, so a change someone else committed meanwhile is shown instead of overwritten.
CREATE TABLE content_drafts (
  editor_email text NOT NULL,
  file text NOT NULL,
  -- The form's data as JSON text: text, not jsonb, which would sort the keys and reorder the file.
  data text NOT NULL,
  base_commit text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (editor_email, file)
);

CREATE INDEX content_drafts_file_idx ON content_drafts (file);
