-- Double opt-in and e-mail. Every mail is a row of mail_outbox, written in the transaction of the
-- submission or click that causes it, and sent later by the worker (server/mail/worker.ts).

-- When the last confirmation request was queued (re-sent at most every 10 minutes) and when the lead
-- unsubscribed (kept, so an unsubscribed address gets nothing more).
ALTER TABLE leads ADD COLUMN confirmation_sent_at timestamptz;
ALTER TABLE leads ADD COLUMN unsubscribed_at timestamptz;

-- Confirmation and unsubscribe links. Only the SHA-256 hash of a token is stored; the token itself
-- exists only in the mail.
CREATE TABLE lead_tokens (
  token_hash text PRIMARY KEY,
  lead_id integer NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'unsubscribe')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  used_at timestamptz
);

CREATE INDEX lead_tokens_lead_id_idx ON lead_tokens (lead_id);

CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  recipient text NOT NULL,
  -- Whose data the mail carries: the visitor, also for the owner's notification (access and erasure).
  person_email text NOT NULL,
  lead_id integer REFERENCES leads (id) ON DELETE CASCADE,
  contact_request_id integer REFERENCES contact_requests (id) ON DELETE CASCADE,
  subject text NOT NULL,
  -- The composed mail (addresses, subject, text, HTML, headers); emptied once sent, since it may hold a token.
  message jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  -- Due time: a worker that claims a row moves it forward by a lease, so no other worker takes it meanwhile.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_person_email_idx ON mail_outbox (lower(person_email));
CREATE INDEX mail_outbox_lead_id_idx ON mail_outbox (lead_id);
CREATE INDEX mail_outbox_contact_request_id_idx ON mail_outbox (contact_request_id);
