-- „Inhalte“ with a remote: the last commit of the content branch the server has looked at, so a change
-- pushed from outside (not through „Inhalte“) to a legal text, a mail, the settings or the pictures'
-- records is told to every owner once.
CREATE TABLE content_watch (
  branch text PRIMARY KEY,
  seen_commit text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
