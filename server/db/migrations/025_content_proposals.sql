-- „Inhalte“: an editor's change to a file the law relies on (legal texts, consent, figures, testimonials,
-- the double opt-in mails) waits here for an owner's approval instead of being published. `data` is the
-- form's data as the editor left it (text, as in content_drafts); `base_commit` the file's commit it was
-- made on, so an approval never overwrites a change published meanwhile. One open proposal per person
-- and file (proposing again replaces it); decided ones stay as the record of who proposed and who
-- approved, for the period the privacy texts name (server/content-editor/proposals.ts).
CREATE TABLE content_proposals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file text NOT NULL,
  editor_email text NOT NULL,
  data text NOT NULL,
  base_commit text NOT NULL,
  message text NOT NULL,
  state text NOT NULL DEFAULT 'offen' CHECK (state IN ('offen', 'zurueckgegeben', 'freigegeben', 'zurueckgezogen')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text,
  commit_hash text
);

CREATE UNIQUE INDEX content_proposals_open_idx ON content_proposals (editor_email, file) WHERE state = 'offen';
CREATE INDEX content_proposals_state_idx ON content_proposals (state, created_at);
