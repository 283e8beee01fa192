-- „Inhalte“: changes planned for a time (Europe/Berlin on the screen, stored as an instant). A row is
-- either a change to publish (`publish`: the form's data as the person left it, made on `base_commit`) or
-- the taking back of an earlier one (`withdraw`: `data` holds the fields' values before and after, and only
-- the fields still as the change left them go back). The server's job runs each when due, also after a
-- restart, checks it first and records what became of it in `outcome` (German, shown to the person).
CREATE TABLE content_schedule (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file text NOT NULL,
  action text NOT NULL CHECK (action IN ('publish', 'withdraw')),
  data text NOT NULL,
  base_commit text NOT NULL,
  message text NOT NULL,
  -- The role the commit is made in ('editor' or 'owner') and the person, for the audit log and the mails.
  role text NOT NULL CHECK (role IN ('editor', 'owner')),
  planned_by text NOT NULL,
  due_at timestamptz NOT NULL,
  -- A publish may bring its own taking back, planned when it has gone live.
  withdraw_at timestamptz,
  state text NOT NULL DEFAULT 'geplant' CHECK (state IN ('geplant', 'laeuft', 'erledigt', 'fehlgeschlagen', 'abgesagt')),
  -- When a server took it to run: a run cut off by a stop is taken again ten minutes later.
  claimed_at timestamptz,
  outcome text,
  commit_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);

CREATE INDEX content_schedule_due_idx ON content_schedule (state, due_at);
CREATE INDEX content_schedule_file_idx ON content_schedule (file, due_at);
